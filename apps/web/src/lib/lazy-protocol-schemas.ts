/**
 * The protocol's schemas that `protocolSchema` may load after the first paint
 * (see protocol-schemas.ts), and only those. A dynamic import of the whole
 * `@shifumi/protocol` would keep every export of it in one chunk (the
 * bundler cannot know which a dynamic import will read), and every screen
 * that imports one schema statically would then load that chunk whole: the
 * server's mail and French refusal texts, every schema, viem (24 Nov → 28 Nov,
 * `/account` 151.5 → 245.2 kB). Add a schema here when a lazy parser picks it.
 */
export {
  accountResponseSchema,
  accountStatusResponseSchema,
  cashoutResponseSchema,
  chainStatusResponseSchema,
  configResponseSchema,
  limitsResponseSchema,
  messageResponseSchema,
  priceResponseSchema,
  untilResponseSchema,
  withdrawalFeeResponseSchema,
} from '@shifumi/protocol';
