/** True when the build is not for production: dev pages such as `/dev/widgets` exist. */
declare const __MUSTER_DEV_TOOLS__: boolean;
