export * from "./platform";
export * from "./project";
