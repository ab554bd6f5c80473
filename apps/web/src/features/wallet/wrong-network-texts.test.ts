/**
 * The wallet's wrong-network state (an unsupported chain: the connect button's
 * label and the chain dialog's sentence) is RainbowKit's own, in the language
 * the app gives it (`locale` in wallet-providers.tsx). The spec pins its English
 * (`TEXTS.wrongNetwork`, `TEXTS.wrongNetworkDetected`, which e2e/tests/wallet.spec.ts
 * reads): this fails if an upgrade of RainbowKit changes those words, and
 * checks that French is French.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TEXTS } from '@shifumi/protocol';
import { describe, expect, it } from 'vitest';

interface WrongNetworkTexts {
  connect_wallet: { wrong_network: { label: string } };
  chains: { wrong_network: string };
}

async function rainbowKitLocale(name: 'en_US' | 'fr_FR'): Promise<WrongNetworkTexts> {
  const dist = dirname(createRequire(import.meta.url).resolve('@rainbow-me/rainbowkit'));
  const file = readdirSync(dist).find((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.js'));
  if (!file) throw new Error(`RainbowKit has no ${name} locale`);
  const module = (await import(/* @vite-ignore */ pathToFileURL(join(dist, file)).href)) as { default: string };
  return JSON.parse(module.default) as WrongNetworkTexts;
}

describe("the wallet's wrong-network state", () => {
  it("says the spec's English words in English", async () => {
    const english = await rainbowKitLocale('en_US');
    expect(english.connect_wallet.wrong_network.label).toBe(TEXTS.wrongNetwork);
    expect(english.chains.wrong_network).toBe(TEXTS.wrongNetworkDetected);
  });

  it('is French in French', async () => {
    const french = await rainbowKitLocale('fr_FR');
    expect(french.connect_wallet.wrong_network.label).toBe('Réseau incorrect');
    expect(french.chains.wrong_network).toMatch(/^Mauvais réseau détecté/);
  });
});
