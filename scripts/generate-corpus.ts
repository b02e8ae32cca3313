// npm run generate-corpus -- --out DIR [--seed N] [--variants K] [--family NAME]
// Writes the generated layout-family corpus (tests/pdf/corpus): per family K documents with ICDAR
// 2013 ground truth, deterministic from the seed. `npm run eval -- --generated` does this itself.
import path from "node:path";
import { FAMILIES, generateCorpus } from "../tests/pdf/corpus/generate";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  const outDir = path.resolve(value("--out", "eval-out/generated-corpus"));
  const seed = Number(value("--seed", "13"));
  const variants = Number(value("--variants", "5"));
  const only = value("--family", "");
  const families = only ? FAMILIES.filter((f) => f.name === only) : FAMILIES;
  if (families.length === 0) throw new Error(`no family ${only}; families: ${FAMILIES.map((f) => f.name).join(", ")}`);
  if (!Number.isInteger(seed) || !Number.isInteger(variants) || variants < 1) throw new Error("--seed and --variants take whole numbers");
  const docs = await generateCorpus({ outDir, seed, variants, families });
  console.log(`${docs.length} documents (${families.length} families x ${variants} variants, seed ${seed}) in ${outDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
