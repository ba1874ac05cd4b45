// The Socket.IO 4 peer of our WebSocket hub (scripts/bench-server --peers): one Node process,
// one room per match, replaying frames our own server pushed (recorded by `fanout-record`) at
// the times it pushed them, so both servers carry the same frames at the same rate. Like ours,
// 20 marked frames a second (a copy of a match's last frame with `rem: "bench:<µs>"`) go to one
// room after another; the subscribers measure latency from that stamp. A mark carries the time
// it was due, not the time it left, so a replay that falls behind shows in the latency.
//
// The replay starts once SUBSCRIBERS have joined (or after START_WAIT_MS): while it runs at x10
// the single event loop answers new handshakes too late for the subscribers' 30 s timeout.
//
// usage: node server.js RECORDING.jsonl SUBSCRIBERS
//   (listens on 127.0.0.1, a free port; prints "listening on URL")
"use strict";
const fs = require("fs");
const http = require("http");
const { Server } = require("socket.io");

const MARK_INTERVAL_US = 1e6 / 20;
const START_WAIT_MS = 90000;
// The replay wakes this often: a frame leaves at most this late (ours has no such step).
const TICK_MS = 2;
// Frames sent per tick at most, so a stalled process catches up in bounded steps.
const FRAMES_PER_TICK_MAX = 10000;
// Connections waiting to be accepted: Node's default (511) drops the SYNs of 5,000 subscribers
// arriving in seconds while the event loop is busy broadcasting (the kernel caps it at somaxconn).
const LISTEN_BACKLOG = 8192;

const recording = process.argv[2];
const subscribers = Number(process.argv[3] || 0);
const frames = fs
  .readFileSync(recording, "utf8")
  .split("\n")
  .filter((line) => line.length > 0)
  .map((line) => JSON.parse(line))
  .sort((a, b) => a.at_us - b.at_us);
if (frames.length === 0) throw new Error(`no frames in ${recording}`);
const rooms = [...new Set(frames.map((f) => f.topic))];
// The recording repeats; one frame interval between its end and its start again.
const spanUs = frames[frames.length - 1].at_us + Math.ceil(frames[frames.length - 1].at_us / frames.length);

const httpServer = http.createServer();
const io = new Server(httpServer, { transports: ["websocket"], serveClient: false, perMessageDeflate: false });
let joined = 0;
io.on("connection", (socket) => {
  socket.on("join", (room) => {
    if (typeof room === "string" && rooms.includes(room)) {
      socket.join(room);
      joined += 1;
      if (joined === subscribers) start();
    }
  });
});

const nowUs = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
const lastFrameOf = new Map();
let startedUs = 0;
let next = 0;
let loopUs = 0;
let marked = 0;

function replay() {
  const dueUs = nowUs() - startedUs;
  replayFrames(dueUs);
  for (let sent = 0; sent < FRAMES_PER_TICK_MAX && marked * MARK_INTERVAL_US <= dueUs; sent++) {
    mark(startedUs + marked * MARK_INTERVAL_US);
  }
}

function replayFrames(dueUs) {
  for (let sent = 0; sent < FRAMES_PER_TICK_MAX && frames[next].at_us + loopUs <= dueUs; sent++) {
    const { topic, frame } = frames[next];
    io.to(topic).emit("frame", frame);
    lastFrameOf.set(topic, frame);
    next += 1;
    if (next === frames.length) {
      next = 0;
      loopUs += spanUs;
    }
  }
}

function mark(dueUs) {
  const topic = rooms[marked % rooms.length];
  marked += 1;
  const last = lastFrameOf.get(topic);
  if (last) io.to(topic).emit("frame", { ...last, rem: `bench:${Math.round(dueUs)}` });
}

function start() {
  if (startedUs !== 0) return;
  startedUs = nowUs();
  setInterval(replay, TICK_MS);
  console.log(`replay started with ${joined} subscribers joined`);
}

httpServer.listen(0, "127.0.0.1", LISTEN_BACKLOG, () => {
  setTimeout(start, subscribers > 0 ? START_WAIT_MS : 0);
  console.log(`listening on http://127.0.0.1:${httpServer.address().port}`);
  console.log(`replaying ${frames.length} frames over ${rooms.length} rooms, ${(frames.length / (spanUs / 1e6)).toFixed(0)} frames/s`);
});
