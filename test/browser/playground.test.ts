/// <reference lib="dom" />
// Issue 33: the playground page, driven in a real headless browser (Debian's chromium through
// playwright-core). A referee and two players, switching users in one tab, play a B/X fight from
// start to end with the slash box (names, options, autocomplete), a form (the character modal),
// the board's buttons and a message's Apps menu; a second tab follows live. The bot and the
// local Discord are the e2e harness's (fixed seeds); everything goes through the page.
// Without chromium the file is skipped with the reason, except under CI=true, where it must run.
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startE2E, type E2E } from "../helpers/e2e.js";

/** Screenshots go to docs/ (for README) only when asked: TENFOOT_SCREENSHOTS=1; otherwise a temp folder, so a test run leaves the tree clean. */
const SHOTS = process.env.TENFOOT_SCREENSHOTS === "1" ? "docs" : mkdtempSync(join(tmpdir(), "tenfoot-shots-"));
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
const SKIP = !CHROMIUM && process.env.CI !== "true";
if (SKIP) console.warn("test/browser/playground.test.ts skipped: no chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH); CI installs it and runs this file.");

let h: E2E;
let browser: Browser;
let page: Page;
let second: Page;
let url: string;

beforeAll(async () => {
  if (SKIP) return;
  const { chromium } = await import("playwright-core");
  h = await startE2E();
  url = h.local.apiUrl.replace(/\/api$/, "/");
  browser = await chromium.launch({
    executablePath: CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  mkdirSync(SHOTS, { recursive: true });
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  second = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  for (const p of [page, second]) p.on("pageerror", (err) => console.error(`page error: ${err.message}`));
  await page.goto(url);
  await second.goto(url);
  await page.waitForSelector("#user option", { state: "attached" });
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

/** Switch the page to `user`: the messages shown are reloaded as that user sees them. */
async function as(user: string) {
  await page.selectOption("#user", user);
  await page.waitForFunction((u) => (document.querySelector("#user") as HTMLSelectElement).value === u, user);
  await page.waitForTimeout(100);
}
/** Type a line in the slash box and send it; resolves once the bot answered (the box is cleared) or refused. */
async function send(line: string) {
  h.typed.push(line);
  await page.fill("#line", line);
  await page.press("#line", "Enter");
  await page.waitForFunction(() => (document.querySelector("#line") as HTMLInputElement).value === "" || document.querySelector("#status")!.className === "err");
  return (await page.textContent("#status")) || ((await lastMessage(page).textContent()) ?? "").slice(0, 160);
}
const lastMessage = (p: Page) => p.locator("#messages article").last();

async function foesStanding(): Promise<number> {
  const db = h.app.services.store.db;
  const e = await db.encounter.findFirst({ where: { status: "active" } });
  if (!e) return 0;
  const rows = await db.combatant.findMany({ where: { encounterId: e.id, side: "foes" } });
  return rows.filter((r) => !(JSON.parse(r.state).conditions as string[]).some((c) => ["dead", "fled", "unconscious"].includes(c))).length;
}

describe.skipIf(SKIP)("the playground page in a real browser", () => {
  it("refuses a request from another site's page, and one for another host", async () => {
    const port = new URL(url).port;
    const foreign = await fetch(`${url}_local/world`, { headers: { origin: "http://evil.example" } });
    expect(foreign.status).toBe(403);
    const post = await fetch(`${url}_local/command`, { method: "POST", headers: { origin: "http://evil.example", "content-type": "application/json" }, body: JSON.stringify({ line: "/roll dice:1d6" }) });
    expect(post.status).toBe(403);
    // A page of another name resolved to 127.0.0.1 (DNS rebinding) sends its own Host: refused.
    const rebound = await new Promise<number>((resolve, reject) =>
      request({ host: "127.0.0.1", port, path: "/", headers: { host: `evil.example:${port}` } }, (res) => resolve(res.statusCode ?? 0)).on("error", reject).end(),
    );
    expect(rebound).toBe(403);
    const own = await fetch(`${url}_local/world`, { headers: { origin: `http://127.0.0.1:${port}` } });
    expect(own.status).toBe(200);
  });

  it("the slash box completes command names, subcommands, options and choices", async () => {
    await as("alice");
    await page.fill("#line", "/campa");
    await page.waitForSelector("#suggest li >> text=/campaign");
    await page.press("#line", "Tab");
    expect(await page.inputValue("#line")).toBe("/campaign ");
    await page.type("#line", "sta");
    await page.waitForSelector("#suggest li >> text=start");
    await page.press("#line", "Tab");
    await page.waitForSelector("#suggest li >> text=system:");
    await page.press("#line", "Tab");
    expect(await page.inputValue("#line")).toBe("/campaign start system:");
    await page.type("#line", "Basic");
    await page.waitForSelector("#suggest li >> text=Basic/Expert");
    await page.press("#line", "Tab");
    expect(await page.inputValue("#line")).toBe("/campaign start system:bx ");
    await page.press("#line", "Enter");
    await page.waitForFunction(() => (document.querySelector("#line") as HTMLInputElement).value === "");
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/Basic\/Expert/);
  });

  it("a player fills in the character form (a modal); another types a sheet", { timeout: 60_000 }, async () => {
    await as("bob");
    await send("/character create name:Wren");
    await page.waitForSelector("dialog[open]");
    expect(await page.textContent("dialog h2")).toBe("Wren: Basic/Expert (1/6)");
    await page.fill('dialog [name="class"]', "fighter");
    await page.fill('dialog [name="level"]', "3");
    await page.fill('dialog [name="str"]', "17");
    h.typed.push("fighter", "3", "17");
    await page.screenshot({ path: join(SHOTS, "playground-form.png") });
    await page.click("dialog button.s1");
    await page.waitForFunction(() => !document.querySelector("dialog")!.open);
    await expect.poll(() => page.locator("#messages").textContent()).toMatch(/Created: Wren/);
    await as("carol");
    expect(await send('/character create name:Tamsin sheet:"class=cleric level=3 hp=14 ac=4 weapons=mace:1d6"')).toMatch(/Created: Tamsin/);
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/Created: Tamsin/);
  });

  it("an answer only its user may see shows for that user alone", { timeout: 60_000 }, async () => {
    await as("alice");
    await send('/encounter start monsters:"2 goblins" surprise:false');
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/Roll initiative/);
    await as("bob");
    await send('/attack target:"Goblin 1"');
    const refusal = page.locator("article.eph").last();
    await expect.poll(() => refusal.textContent()).toMatch(/order is not rolled yet[\s\S]*Only you can see this/);
    const id = await refusal.getAttribute("id");
    await as("carol");
    expect(await page.locator(`#${id}`).count()).toBe(0);
    expect(await second.locator(`#${id}`).count()).toBe(0); // the second tab is alice
  });

  it("the referee and two players fight it out with the board's buttons, /attack and its autocomplete", { timeout: 300_000 }, async () => {
    await as("alice");
    await page.locator("button:has-text('Roll initiative'):enabled").last().click();
    await expect.poll(() => page.locator("button:has-text('Next'):enabled").count()).toBeGreaterThan(0);
    // The target's autocomplete offers the foes by name.
    await as("bob");
    await page.fill("#line", "/attack target:");
    await page.waitForSelector("#suggest li >> text=Goblin 1");
    await page.fill("#line", "");
    let shot = false;
    const log: string[] = [];
    for (let step = 0; step < 30 && (await foesStanding()) > 0; step++) {
      for (const [user, name] of [["bob", "Wren"], ["carol", "Tamsin"]] as const) {
        await as(user);
        const db = h.app.services.store.db;
        const foes = await db.combatant.findMany({ where: { side: "foes", encounter: { status: "active" } } });
        const target = foes.find((f) => !(JSON.parse(f.state).conditions as string[]).some((c) => ["dead", "fled", "unconscious"].includes(c)));
        if (target) log.push(`${user}: ${await send(`/attack target:"${target.name}"`)}`);
        void name;
      }
      await as("alice");
      for (const goblin of ["Goblin 1", "Goblin 2"]) log.push(`alice as ${goblin}: ${await send(`/attack attacker:"${goblin}" target:Wren`)}`);
      if (!shot && step === 1) {
        await page.screenshot({ path: join(SHOTS, "playground.png") });
        shot = true;
      }
      // The newest board's way on (its primary ▶ button): Next ▶ within a round, the order's roll once a round is declared.
      const next = page.locator("#messages article:not(.eph) button.s1:enabled").filter({ hasText: /▶/ }).last();
      if ((await foesStanding()) > 0 && (await next.count())) await next.click();
      await page.waitForFunction(() => document.querySelector("#status")!.textContent !== "…");
    }
    expect(await foesStanding(), log.join("\n")).toBe(0);
    await expect.poll(() => page.locator("#messages").textContent()).toMatch(/No one of the foes is left standing/);
    await send("/encounter end");
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/seed/i);
    expect(h.local.validationErrors).toEqual([]);
  });

  it("the slash box offers /verify's ended encounter by its name, never its row id", async () => {
    await as("carol");
    await page.fill("#line", "/verify encounter:");
    await page.waitForSelector("#suggest li >> text=Encounter 1");
    await page.press("#line", "Tab");
    expect(await page.inputValue("#line")).toBe('/verify encounter:"Encounter 1" ');
    await page.press("#line", "Enter");
    await page.waitForFunction(() => (document.querySelector("#line") as HTMLInputElement).value === "");
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/Verified: every roll of the encounter "Encounter 1" matches its seed/);
  });

  it("the Apps menu rolls the dice written in a message", async () => {
    await as("bob");
    await send("I swing twice: 1d20+2, then 1d8");
    const mine = lastMessage(page);
    await mine.hover();
    await mine.locator("button.apps").click();
    await mine.locator(".appmenu button", { hasText: "Roll dice in this message" }).click();
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/1d20\+2/);
    // As Discord shows a message command's use: its name, no slash (issue 41, point 8).
    expect(await lastMessage(page).locator(".used").textContent()).toBe("↳ bob used Roll dice in this message");
  });

  it("a second tab saw every message live, without a reload", async () => {
    const ids = async (p: Page) => p.locator("#messages article:not(.eph)").evaluateAll((els) => els.map((e) => e.id));
    await expect.poll(async () => (await ids(second)).join(",")).toBe((await ids(page)).join(","));
    expect((await ids(second)).length).toBeGreaterThan(10);
    await second.screenshot({ path: join(SHOTS, "playground-second-tab.png") });
  });
});
