// Style sheets are side-effect imports that rspack bundles; TypeScript only needs to know they exist.
declare module '*.css';
