/** Injected by webpack's DefinePlugin from configuration/base.yaml (payload.key_hex). */
declare const __PAYLOAD_KEY_HEX__: string;
