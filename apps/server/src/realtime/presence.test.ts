import { createInProcessPresence } from './presence';
import { describePresenceContract } from './presence.contract';

describePresenceContract('in-process', async () => createInProcessPresence(), { propertyRuns: 100 });
