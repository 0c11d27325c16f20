export * from "./platform";
export * from "./project";
export * from "./status";
export * from "./audit";
export * from "./releases";
export * from "./content";
export * from "./launcher";
