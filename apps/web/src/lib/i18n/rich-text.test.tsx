import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { activateLanguage, translate } from './i18n';
import { richText } from './rich-text';
import '../../components/ui/ui-texts';

afterEach(() => activateLanguage('en'));

describe('richText (issue 27)', () => {
  it('puts an element where each language places its placeholder', async () => {
    const link = <a href="/terms">Terms</a>;
    const { container, rerender } = render(<p>{richText(translate, 'ui.checks.terms', { terms: link })}</p>);
    expect(container.innerHTML).toBe('<p>I accept the <a href="/terms">Terms</a></p>');
    await activateLanguage('fr');
    rerender(<p>{richText(translate, 'ui.checks.terms', { terms: <a href="/terms">Conditions</a> })}</p>);
    expect(container.innerHTML).toBe('<p>J’accepte les <a href="/terms">Conditions</a></p>');
  });
});
