/**
 * /account: the account page with issue 19's Responsible gaming section,
 * composed here because a feature does not import another.
 */
import { AccountPage } from '../features/account/components/account-page';
import { ResponsibleGamingSection } from '../features/responsible-gaming/components/responsible-gaming-section';

export function AccountRoute() {
  return <AccountPage responsibleGaming={<ResponsibleGamingSection />} />;
}
