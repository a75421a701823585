// Debian's Chromium through playwright-core, as every page test opens it: no network of its own, no GPU.
// Where either is missing the test is skipped (exit 77), saying which and how to get it.
import fs from "node:fs";

export const SKIP = 77;

export async function launchChromiumOrSkip() {
  const chromiumPath = process.env.DMLC_CHROMIUM || "/usr/bin/chromium";
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch (e) {
    console.log(`SKIP: playwright-core could not be loaded (npm ci --prefix tests/browser): ${e.message}`);
    process.exit(SKIP);
  }
  if (!fs.existsSync(chromiumPath)) {
    console.log(`SKIP: no Chromium at ${chromiumPath} (apt-get install chromium, or set DMLC_CHROMIUM)`);
    process.exit(SKIP);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
  });
}
