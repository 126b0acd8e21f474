import type { NetworkSettings } from '../../server/src/core/http/network';

/** The network tests send through: no proxy, certificates checked (the services run on 127.0.0.1). */
export const DIRECT_NETWORK: NetworkSettings = { strictSsl: true };
