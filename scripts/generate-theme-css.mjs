// Prints the light-dark() palette of app/globals.css (see the comment there); paste its output into the @theme block.
import fs from "node:fs";
const css = fs.readFileSync("node_modules/tailwindcss/theme.css", "utf8");
const value = (name) => css.match(new RegExp(`--color-${name}: ([^;]+);`))[1];
const hues = ["slate", "indigo", "red", "amber", "emerald", "sky", "violet", "fuchsia"];
const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
const lines = [];
for (const hue of hues) {
  for (const [i, shade] of shades.entries()) {
    // 500 is its own mirror, but as text it is too faint on the dark side's white (slate-900):
    // there it takes 400's value (contrast 4.5:1 or more, WCAG AA), like 600 does.
    const mirror = shade === 500 ? 400 : shades[shades.length - 1 - i];
    lines.push(`  --color-${hue}-${shade}: light-dark(${value(`${hue}-${shade}`)}, ${value(`${hue}-${mirror}`)});`);
  }
}
lines.push(`  --color-white: light-dark(#fff, ${value("slate-900")});`);
console.log(lines.join("\n"));
