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
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { liveBoard, liveBoards, startE2E, type E2E } from "../helpers/e2e.js";
import { playgroundWhoIs } from "../../src/app.js";

/** Screenshots go to docs/ (for README) only when asked: TENFOOT_SCREENSHOTS=1; otherwise a temp folder, so a test run leaves the tree clean. */
const SHOTS = process.env.TENFOOT_SCREENSHOTS === "1" ? "docs" : mkdtempSync(join(tmpdir(), "tenfoot-shots-"));
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p) => p && existsSync(p),
);
const SKIP = !CHROMIUM && process.env.CI !== "true";
if (SKIP)
  console.warn(
    "test/browser/playground.test.ts skipped: no chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH); CI installs it and runs this file.",
  );

let h: E2E;
let browser: Browser;
let page: Page;
let second: Page;
let url: string;

beforeAll(async () => {
  if (SKIP) return;
  const { chromium } = await import("playwright-core");
  h = await startE2E();
  // As src/app.ts does for its own local Discord: the picker reads the store through play.
  h.local.whoIs = playgroundWhoIs(h.app.services);
  url = h.local.apiUrl.replace(/\/api$/, "/");
  browser = await chromium.launch({
    executablePath: CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
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
  await page.fill("#line", line);
  return submit();
}
/** Send what the slash box holds (Enter); resolves once the bot answered (the box is cleared) or refused. */
async function submit() {
  h.typed.push(await page.inputValue("#line"));
  await page.press("#line", "Enter");
  await page.waitForFunction(
    () =>
      (document.querySelector("#line") as HTMLInputElement).value === "" ||
      document.querySelector("#status")!.className === "err",
  );
  return (await page.textContent("#status")) || ((await lastMessage(page).textContent()) ?? "").slice(0, 160);
}
const lastMessage = (p: Page) => p.locator("#messages article").last();

async function foesStanding(): Promise<number> {
  const db = h.app.services.store.db;
  const e = await db.encounter.findFirst({ where: { status: "active" } });
  if (!e) return 0;
  const rows = await db.combatant.findMany({ where: { encounterId: e.id, side: "foes" } });
  return rows.filter(
    (r) => !(JSON.parse(r.state).conditions as string[]).some((c) => ["dead", "fled", "unconscious"].includes(c)),
  ).length;
}

/** Who plays which character in the fight. */
const PLAYERS: Record<string, string> = { Wren: "bob", Tamsin: "carol" };

/**
 * The boards a page shows: the messages with the round's way on (Next ▶, Next round ▶, Roll … ▶), as
 * liveBoards reads the channel; each with whether it is the channel's newest message (ephemeral answers
 * aside) and how many of its controls are disabled.
 */
function boardsOnPage(p: Page) {
  return p.locator("#messages article:not(.eph)").evaluateAll((els) =>
    els
      .map((e, i) => ({ e, bottom: i === els.length - 1 }))
      .filter(({ e }) =>
        [...e.querySelectorAll("button.btn")].some((b) => /^(Next|Roll)\b.*▶$/.test((b.textContent ?? "").trim())),
      )
      .map(({ e, bottom }) => ({
        id: e.id,
        bottom,
        disabled: e.querySelectorAll("button.btn:disabled, select:disabled").length,
      })),
  );
}
/**
 * The one board, once the bot has settled: the channel holds exactly one live board (the older ones
 * deleted), and the page (the second tab too) shows that one alone, at the channel's bottom, every control live.
 */
async function theBoard(): Promise<Locator> {
  const live = await liveBoard(h, await pageChannel());
  for (const p of [page, second])
    await expect.poll(() => boardsOnPage(p)).toEqual([{ id: `m-${live.id}`, bottom: true, disabled: 0 }]);
  return page.locator(`#m-${live.id}`);
}
/** The channel the page shows (the page's own guild's #table, not the harness's default channel). */
async function pageChannel(): Promise<string> {
  const id = (await page.locator("#messages article").first().getAttribute("id"))!.replace(/^m-/, "");
  return h.local.messages.get(id)!.channel_id;
}
/** The referee's view of the board. */
async function refereeBoard(): Promise<Locator> {
  await as("alice");
  return theBoard();
}
/** The board's title: "Encounter 1 — round 2 · Tamsin, Wren to act". */
async function titleOf(board: Locator): Promise<string> {
  const titles = await board.locator(".embed .title").allTextContents();
  const title = titles.find((t) => / — round \d+/.test(t));
  expect(title, titles.join(" | ")).toBeTruthy();
  return title!.trim();
}
/** Press a board's button (it must be there and pressable); resolves once the page had its answer. */
async function pressOn(board: Locator, label: string) {
  const b = board.locator("button.btn", { hasText: label });
  expect(await b.count(), `the board's "${label}"`).toBe(1);
  expect(await b.isEnabled()).toBe(true);
  await b.click();
  await settledPage();
}
/** The page's request is done, and was not refused. */
async function settledPage() {
  await page.waitForFunction(() => document.querySelector("#status")!.textContent !== "…");
  expect(await page.getAttribute("#status", "class"), (await page.textContent("#status")) ?? "").not.toBe("err");
}
/**
 * The player of a character the board names attacks: /attack target: and the autocomplete's first foe
 * standing, picked in the list. The attack is not refused (no answer for the player alone).
 */
async function attackFromAutocomplete(user: string): Promise<string> {
  await as(user);
  await theBoard();
  const eph = await page.locator("article.eph").count();
  await page.fill("#line", "/attack target:");
  const foe = page
    .locator("#suggest li")
    .filter({ hasText: /— foes$/ })
    .filter({ hasNotText: "(down)" })
    .first();
  await foe.waitFor();
  const name = (await foe.locator("span").textContent())!.replace(/ — foes$/, "");
  await foe.click();
  expect(await page.inputValue("#line")).toBe(`/attack target:"${name}" `);
  const answer = await submit();
  expect(await page.getAttribute("#status", "class"), answer).not.toBe("err");
  await theBoard();
  const answers = page.locator("article.eph");
  if ((await answers.count()) !== eph)
    throw new Error(`${user}'s attack on ${name} was refused: ${await answers.last().textContent()}`);
  return `/attack target:"${name}"`;
}
/**
 * The referee has the foes named on the board attack: the menu sends each foe with nobody to fight yet at
 * its first target (the others attack their opponents); with none lacking one, Foes attack ▶.
 */
async function foesAct(): Promise<string> {
  const board = await refereeBoard();
  const menu = board.locator("select").filter({ has: page.locator('option[value*=">"]') });
  const options = (await menu.count())
    ? await menu
        .first()
        .locator("option:not([disabled])")
        .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })))
    : [];
  const foes = [...new Set(options.map((o) => o.value.split(">")[0]!))];
  const lacking = foes.filter(
    (f) => !options.some((o) => o.value.startsWith(`${f}>`) && o.text.endsWith("— its opponent now")),
  );
  if (lacking.length) {
    const select = menu.first();
    expect(await select.isEnabled()).toBe(true);
    const picks = lacking.map((f) => options.find((o) => o.value.startsWith(`${f}>`))!);
    const label = `${await select.getAttribute("aria-label")} ${picks.map((o) => o.text).join(", ")}`;
    await select.selectOption(picks.map((o) => o.value));
    if (await select.evaluate((s) => (s as HTMLSelectElement).multiple)) {
      const choose = select.locator("xpath=..").locator("button", { hasText: "Choose" });
      expect(await choose.isEnabled()).toBe(true);
      await choose.click();
    }
    await settledPage();
    return label;
  }
  await pressOn(board, "Foes attack ▶");
  return "Foes attack ▶";
}

describe.skipIf(SKIP)("the playground page in a real browser", () => {
  it("refuses a request from another site's page, and one for another host", async () => {
    const port = new URL(url).port;
    const foreign = await fetch(`${url}_local/world`, { headers: { origin: "http://evil.example" } });
    expect(foreign.status).toBe(403);
    const post = await fetch(`${url}_local/command`, {
      method: "POST",
      headers: { origin: "http://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ line: "/roll dice:1d6" }),
    });
    expect(post.status).toBe(403);
    // A page of another name resolved to 127.0.0.1 (DNS rebinding) sends its own Host: refused.
    const rebound = await new Promise<number>((resolve, reject) =>
      request({ host: "127.0.0.1", port, path: "/", headers: { host: `evil.example:${port}` } }, (res) =>
        resolve(res.statusCode ?? 0),
      )
        .on("error", reject)
        .end(),
    );
    expect(rebound).toBe(403);
    const own = await fetch(`${url}_local/world`, { headers: { origin: `http://127.0.0.1:${port}` } });
    expect(own.status).toBe(200);
  });

  it("a page of another site can neither open the gateway nor post to an interaction's callback (issue 43)", async () => {
    const port = Number(new URL(url).port);
    // Another origin: the same machine, another port.
    const other = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>elsewhere</title>"),
    );
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const foreign = await browser.newPage();
    try {
      await foreign.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const seen = await foreign.evaluate(async (p) => {
        const gateway = await new Promise<string>((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${p}/gateway?v=10&encoding=json`);
          ws.onmessage = (e) => (ws.close(), resolve(`read: ${String(e.data).slice(0, 40)}`));
          ws.onerror = () => resolve("refused");
        });
        // text/plain needs no preflight: the browser sends it, and the answer is opaque to the page.
        await fetch(`http://127.0.0.1:${p}/api/v10/interactions/1/token/callback`, {
          method: "POST",
          mode: "no-cors",
          headers: { "content-type": "text/plain" },
          body: JSON.stringify({ type: 4, data: { content: "INJECTED" } }),
        }).catch(() => undefined);
        return gateway;
      }, port);
      expect(seen).toBe("refused");
      expect(h.local.requests.filter((r) => r.path.startsWith("/interactions/1/")).map((r) => r.status)).toEqual([403]);
    } finally {
      await foreign.close();
      await new Promise((resolve) => other.close(resolve));
    }
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
    expect(await page.textContent("dialog h2")).toBe("Wren: Basic/Expert (1/5)");
    await page.fill('dialog [name="class"]', "fighter");
    await page.fill('dialog [name="level"]', "3");
    await page.fill('dialog [name="str"]', "17");
    h.typed.push("fighter", "3", "17");
    await page.screenshot({ path: join(SHOTS, "playground-form.png") });
    await page.click("dialog button.s1");
    await page.waitForFunction(() => !document.querySelector("dialog")!.open);
    await expect.poll(() => page.locator("#messages").textContent()).toMatch(/Created: Wren/);
    await as("carol");
    expect(
      await send('/character create name:Tamsin sheet:"class=cleric level=3 hp=14 ac=4 weapons=mace:1d6"'),
    ).toMatch(/Created: Tamsin/);
    await expect.poll(() => lastMessage(page).textContent()).toMatch(/Created: Tamsin/);
  });

  it("the picker says what each user is in the channel's campaign (issue 44, point 3)", async () => {
    // alice started the campaign (the slash box's test), bob and carol made their characters; the local
    // Discord's own "referee" user plays no part in it.
    const labels = () => page.locator("#user option").allTextContents();
    await expect
      .poll(labels)
      .toEqual(
        expect.arrayContaining([
          "alice (referee)",
          "bob (player of Wren)",
          "carol (player of Tamsin)",
          "referee (no character yet)",
        ]),
      );
    expect(await labels()).not.toContain("referee");
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

  it("the referee and two players fight it out with the board's buttons, /attack and its autocomplete", {
    timeout: 300_000,
  }, async () => {
    // The players type /attack (its target from the autocomplete) only when the board's title names their
    // character; the referee runs the foes and the rounds with the board's buttons and menu alone.
    await as("alice");
    const start = await theBoard();
    await pressOn(start, "Roll initiative ▶");
    const log: string[] = [];
    let shot = false;
    let ended = false;
    for (let step = 0; step < 60 && !ended; step++) {
      const board = await theBoard();
      const title = await titleOf(board);
      const labels = (await board.locator("button.btn").allTextContents()).map((l) => l.trim());
      const acting = / · (.+) to act$/.exec(title)?.[1]?.split(", ") ?? [];
      const player = acting.map((n) => PLAYERS[n]).find(Boolean);
      if (step === 2 && !shot) {
        await page.screenshot({ path: join(SHOTS, "playground.png") });
        shot = true;
      }
      if (labels.includes("End the fight")) {
        expect(await board.textContent(), log.join("\n")).toMatch(/No one of the foes is left standing/);
        expect(await foesStanding()).toBe(0);
        log.push(`${title} | alice: End the fight`);
        await pressOn(await refereeBoard(), "End the fight");
        ended = true;
      } else if (labels.some((l) => l.startsWith("Morale:"))) {
        const morale = labels.find((l) => l.startsWith("Morale:"))!;
        log.push(`${title} | alice: ${morale}`);
        await pressOn(await refereeBoard(), morale);
      } else if (player) {
        log.push(`${title} | ${player}: ${await attackFromAutocomplete(player)}`);
      } else if (acting.length) {
        log.push(`${title} | alice: ${await foesAct()}`);
      } else if (/ · everyone has acted$/.test(title)) {
        log.push(`${title} | alice: Next round ▶`);
        await pressOn(await refereeBoard(), "Next round ▶");
      } else throw new Error(`the board offers no way on: "${title}" [${labels.join(", ")}]\n${log.join("\n")}`);
    }
    expect(ended, log.join("\n")).toBe(true);
    // The referee's actions (Roll initiative ▶, then one a logged step) and the players', over the rounds played.
    const rounds = Math.max(...log.map((l) => Number(/ — round (\d+)/.exec(l)?.[1] ?? 0)));
    const referee = 1 + log.filter((l) => / \| alice: /.test(l)).length;
    const players = log.filter((l) => / \| (bob|carol): /.test(l)).length;
    console.log(
      `the playground fight: ${rounds} rounds; the referee's actions ${referee} (${(referee / rounds).toFixed(2)} a round), none typed; the players' /attack ${players}`,
    );
    expect(referee / rounds, log.join("\n")).toBeLessThanOrEqual(2);
    // The pressed board became the fight's summary, the seed revealed; no board is left with buttons.
    await h.app.bot.router.settled();
    expect(liveBoards(h, await pageChannel())).toEqual([]);
    await expect.poll(() => boardsOnPage(page)).toEqual([]);
    const summary = page.locator("#messages article:not(.eph)").last();
    await expect
      .poll(() => summary.textContent())
      .toMatch(/Encounter ended: Encounter 1[\s\S]*Still standing[\s\S]*Seed \(revealed\)/);
    expect(await summary.locator("button.btn, select").count()).toBe(0);
    expect(await h.app.services.store.db.encounter.count({ where: { status: "active" } })).toBe(0);
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
    await expect
      .poll(() => lastMessage(page).textContent())
      .toMatch(/Verified: every roll of the encounter "Encounter 1" matches its seed/);
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

  it("shows a message as typed, even one that looks like the page's own placeholders (issue 43, point 7)", async () => {
    await as("bob");
    // Written in the channel the page shows (that of its last message); a NUL cannot be typed in the box.
    const shown = h.local.messages.get((await lastMessage(page).getAttribute("id"))!.replace(/^\D+/, ""))!;
    h.local.userMessage(shown.channel_id, h.users.bob!, "`one` \u00000\u0000 and \u00001\u0000 <0> `two`");
    // The browser drops NUL characters from HTML; everything else shows, in its place.
    await expect
      .poll(async () =>
        ((await lastMessage(page).locator(".md").last().textContent()) ?? "")
          .replace(/\ufffd/g, "")
          .replaceAll("\u0000", ""),
      )
      .toBe("one 0 and 1 <0> two");
  });

  it("a seed commitment wraps inside its card at desktop width (issue 44, point 1)", async () => {
    // The encounter's start shows its 64-character commitment; its end, the seed revealed.
    const codes = await page.locator("#messages .embed code").evaluateAll((els) =>
      els.map((e) => ({
        text: e.textContent ?? "",
        right: e.getBoundingClientRect().right,
        edge: e.closest(".embed")!.getBoundingClientRect().right,
      })),
    );
    const hashes = codes.filter((c) => /^[0-9a-f]{64}$/.test(c.text));
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes.filter((c) => c.right > c.edge)).toEqual([]);
  });

  it("a second tab saw every message live, without a reload", async () => {
    const ids = async (p: Page) => p.locator("#messages article:not(.eph)").evaluateAll((els) => els.map((e) => e.id));
    await expect.poll(async () => (await ids(second)).join(",")).toBe((await ids(page)).join(","));
    expect((await ids(second)).length).toBeGreaterThan(10);
    await second.screenshot({ path: join(SHOTS, "playground-second-tab.png") });
  });

  it("on a phone (390 × 844) the channel list folds behind ☰, the channel fits, and the Apps menu opens by a tap (issue 44, point 1)", {
    timeout: 180_000,
  }, async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phone.on("pageerror", (err) => console.error(`phone page error: ${err.message}`));
    try {
      await phone.goto(url);
      await phone.waitForSelector("#user option", { state: "attached" });
      expect(await phone.isVisible("#side")).toBe(false);
      await phone.tap("#menu");
      await phone.locator("#try-go").waitFor();
      await phone.selectOption("#try-system", "bx");
      await phone.tap("#try-go");
      await phone.waitForFunction(
        () => /Ready|Stopped/.test(document.querySelector("#try-log")!.textContent ?? ""),
        null,
        { timeout: 150_000 },
      );
      expect(await phone.textContent("#try-log")).toMatch(/Ready: you are alice/);
      // Set up, the list folds away and the fight's board is the channel's newest message.
      await expect.poll(() => phone.isVisible("#side")).toBe(false);
      await expect
        .poll(() => phone.locator("#messages article").last().textContent())
        .toMatch(/Encounter 1 — before initiative[\s\S]*Roll initiative ▶/);
      await phone.waitForTimeout(300);
      const layout = await phone.evaluate(() => {
        const box = (e: Element) => e.getBoundingClientRect();
        const list = box(document.querySelector("#messages")!);
        const newest = box([...document.querySelectorAll("#messages article")].pop()!);
        const line = box(document.querySelector("#line")!);
        const out = [
          ...document.querySelectorAll("header, #title, #user, #messages article, .embed, .row, .btn, #line"),
        ].filter((e) => box(e).left < 0 || box(e).right > innerWidth);
        return {
          innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
          out: out.map(
            (e) =>
              `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}.${e.className} ${(e.textContent ?? "").slice(0, 40)}`,
          ),
          newestShown:
            newest.bottom <= list.bottom + 1 &&
            newest.bottom > list.top &&
            newest.left >= 0 &&
            newest.right <= innerWidth,
          line: { top: line.top, bottom: line.bottom, width: line.width, innerHeight },
          placeholder: (document.querySelector("#line") as HTMLInputElement).placeholder,
        };
      });
      expect(layout.innerWidth).toBe(390);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
      expect(layout.out).toEqual([]);
      expect(layout.newestShown).toBe(true);
      expect(layout.line.bottom).toBeLessThanOrEqual(layout.line.innerHeight);
      expect(layout.line.width).toBeGreaterThan(300);
      // The placeholder fits the box (no "Type / for th").
      const room = await phone.$eval("#line", (i) => {
        const css = getComputedStyle(i);
        const pen = document.createElement("canvas").getContext("2d")!;
        pen.font = `${css.fontSize} ${css.fontFamily}`;
        return {
          text: pen.measureText((i as HTMLInputElement).placeholder).width,
          room: i.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight),
        };
      });
      expect(room.text).toBeLessThanOrEqual(room.room);
      await phone.screenshot({ path: join(SHOTS, "playground-phone.png") });
      // A touch screen has no hover: the message's ⋯ Apps is there to tap.
      await phone.tap("#line");
      await phone.fill("#line", "I swing: 1d20+2");
      await phone.press("#line", "Enter");
      const mine = phone.locator("#messages article", { hasText: "I swing: 1d20+2" });
      await mine.waitFor();
      await mine.locator("button.apps").tap({ timeout: 5000 });
      await mine.locator(".appmenu button", { hasText: "Roll dice in this message" }).tap({ timeout: 5000 });
      await expect
        .poll(() => lastMessage(phone).locator(".used").textContent())
        .toBe("↳ alice used Roll dice in this message");
      expect(await lastMessage(phone).textContent()).toMatch(/1d20\+2/);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    } finally {
      await phone.close();
    }
  });
});
