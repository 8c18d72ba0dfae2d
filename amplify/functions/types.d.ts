/** The generated SDL is bundled into the authorizer as text (esbuild loader `.graphql: text`). */
declare module '*.graphql' {
  const text: string;
  export default text;
}
