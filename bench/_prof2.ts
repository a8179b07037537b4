import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import { runThroughputBench } from "./throughput.js";
const s = new Session(); s.connect(); await s.post("Profiler.enable"); await s.post("Profiler.start");
await runThroughputBench({ print: true, opsPerLevel: 1500, levels: [50], channels: 50 });
const { profile } = await s.post("Profiler.stop");
writeFileSync("/tmp/prof/x.cpuprofile", JSON.stringify(profile));
