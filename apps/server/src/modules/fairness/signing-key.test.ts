import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSigningSeed, parseSigningKey, publicKeyBase64 } from '@shifumi/fairness/node';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from '../../config';
import { FAIRNESS_KEY_FILE, resolveFairnessSigningKey } from './signing-key';

const paths = { cwd: '/srv/cwd', repoRoot: '/srv/repo' };
const SECRET = 's'.repeat(32);

function withDataDir(run: (dataDir: string) => Promise<void>) {
  return async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-fairness-'));
    try {
      await run(dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

describe('FAIRNESS_SIGNING_KEY', () => {
  it('reads a base64 seed or a PKCS#8 PEM, and refuses anything else without echoing it', () => {
    const seed = generateSigningSeed();
    expect(loadConfig({ FAIRNESS_SIGNING_KEY: seed }, paths).fairnessSigningKey).toBe(seed);
    const pem = parseSigningKey(seed).export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadConfig({ FAIRNESS_SIGNING_KEY: pem }, paths).fairnessSigningKey).toBe(pem);
    expect(loadConfig({ FAIRNESS_SIGNING_KEY: '' }, paths).fairnessSigningKey).toBeUndefined();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const value of ['hunter2-not-a-key', 'AAAA', rsa]) {
      let message = '';
      try {
        loadConfig({ FAIRNESS_SIGNING_KEY: value }, paths);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toBe(
        'Invalid environment: FAIRNESS_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM, or the base64 of its 32-byte seed',
      );
    }
  });

  it('is never described: the config as logged says only whether it is set', () => {
    const seed = generateSigningSeed();
    const described = JSON.stringify(describeConfig(loadConfig({ FAIRNESS_SIGNING_KEY: seed, JWT_SECRET: SECRET }, paths)));
    expect(described).not.toContain(seed);
    expect(described).toContain('"fairnessSigningKey":"set"');
  });
});

describe('resolveFairnessSigningKey', () => {
  it(
    'generates the development key once into DATA_DIR, mode 0600, and reuses it',
    withDataDir(async (dataDir) => {
      const config = loadConfig({ DATA_DIR: dataDir }, paths);
      const first = await resolveFairnessSigningKey(config);
      const second = await resolveFairnessSigningKey(config);
      expect(publicKeyBase64(second)).toBe(publicKeyBase64(first));
      const stat = fs.statSync(path.join(dataDir, FAIRNESS_KEY_FILE));
      expect(stat.mode & 0o777).toBe(0o600);
      expect(publicKeyBase64(parseSigningKey(fs.readFileSync(path.join(dataDir, FAIRNESS_KEY_FILE), 'utf8')))).toBe(
        publicKeyBase64(first),
      );
    }),
  );

  it(
    'uses the configured key and writes nothing',
    withDataDir(async (dataDir) => {
      const seed = generateSigningSeed();
      const key = await resolveFairnessSigningKey(
        loadConfig({ DATA_DIR: path.join(dataDir, 'unused'), FAIRNESS_SIGNING_KEY: seed }, paths),
      );
      expect(publicKeyBase64(key)).toBe(publicKeyBase64(parseSigningKey(seed)));
      expect(fs.existsSync(path.join(dataDir, 'unused'))).toBe(false);
    }),
  );

  it(
    'is required in production; outside it, the nodes of a cluster on one DATA_DIR read the same generated key',
    withDataDir(async (dataDir) => {
      await expect(
        resolveFairnessSigningKey(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET }, paths)),
      ).rejects.toThrow('Invalid environment: FAIRNESS_SIGNING_KEY is required when NODE_ENV=production');
      expect(fs.existsSync(path.join(dataDir, FAIRNESS_KEY_FILE))).toBe(false);
      const node = (id: string) =>
        loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: SECRET, NODE_ID: id }, paths);
      const [first, second] = await Promise.all([
        resolveFairnessSigningKey(node('node-1')),
        resolveFairnessSigningKey(node('node-2')),
      ]);
      expect(publicKeyBase64(second)).toBe(publicKeyBase64(first));
      // Many starts at once on a fresh DATA_DIR: one key for all, no draft left behind (the cross-process race is cluster-processes.test.ts's).
      const fresh = path.join(dataDir, 'fresh');
      const keys = await Promise.all(
        Array.from({ length: 20 }, () => resolveFairnessSigningKey(loadConfig({ DATA_DIR: fresh }, paths))),
      );
      expect(new Set(keys.map(publicKeyBase64)).size).toBe(1);
      expect(fs.readdirSync(fresh)).toEqual([FAIRNESS_KEY_FILE]);
    }),
  );

  it(
    'refuses a damaged key file with what to do',
    withDataDir(async (dataDir) => {
      fs.writeFileSync(path.join(dataDir, FAIRNESS_KEY_FILE), 'damaged');
      await expect(resolveFairnessSigningKey(loadConfig({ DATA_DIR: dataDir }, paths))).rejects.toThrow(
        /delete the file to generate a new one/,
      );
    }),
  );
});
