/** Issue 27: the first load's texts in French, a chunk fetched only when French is chosen or preferred. */
import { flattenMessages, type Messages } from '@shifumi/protocol/catalogue/types';
import type { HOME_EN } from '@shifumi/protocol/catalogue/en/home';
import type { SHELL_EN } from '@shifumi/protocol/catalogue/en/shell';
import { HOME_FR } from '@shifumi/protocol/catalogue/fr/home';
import { SHELL_FR } from '@shifumi/protocol/catalogue/fr/shell';

/** The same namespaces as the English first load (`FIRST_LOAD_EN` in i18n.ts, which imports this file on demand). */
const FIRST_LOAD: Messages<{ shell: typeof SHELL_EN; home: typeof HOME_EN }> = { shell: SHELL_FR, home: HOME_FR };

export const FIRST_LOAD_FR = flattenMessages(FIRST_LOAD);
