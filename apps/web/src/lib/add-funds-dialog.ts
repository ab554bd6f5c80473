/**
 * The Add Funds dialog as a slot: home (and any screen) opens it without
 * importing the deposit feature — features never import each other (decision
 * 033). `app/` fills the slot once at start with the deposit feature's lazy
 * dialog, as it hands matchmaking the game's start (`loadGameStoreWith`, game-start.ts).
 */
import type { DepositItem } from '@shifumi/protocol';
import type { PreloadableComponent } from './lazy-component';

export interface AddFundsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The player's deposit address; null while the account loads or when it could not be loaded. */
  address: string | null;
  loading: boolean;
  deposits: readonly DepositItem[];
}

function NoDialog(): null {
  return null;
}
NoDialog.preload = () => {};

let dialog: PreloadableComponent<AddFundsDialogProps> = NoDialog;

/** Called once by app/: the component the slot shows (a lazy chunk of its own). */
export function provideAddFundsDialog(component: PreloadableComponent<AddFundsDialogProps>): void {
  dialog = component;
}

/** The dialog that fills the slot: nothing until app/ provides it (unit tests of a screen alone). */
export function addFundsDialog(): PreloadableComponent<AddFundsDialogProps> {
  return dialog;
}
