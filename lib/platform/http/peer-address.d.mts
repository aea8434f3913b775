// Types for peer-address.mjs (tsconfig has allowJs off).
export const PEER_ADDRESS_HEADER: "x-peer-address";
