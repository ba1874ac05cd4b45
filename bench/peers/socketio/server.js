// The Socket.IO 4 peer of our WebSocket hub (scripts/bench-server --peers): one Node process,
// one room per match, replaying frames our own server pushed (recorded by `fanout-record`) at
// the times it pushed them, so both servers carry the same frames at the same rate. Like ours,
// 20 marked frames a second (a copy of a match's last frame with `rem: "bench:<µs>"`) go to one
// room after another; the subscribers measure latency from that stamp.
//
// usage: node server.js RECORDING.jsonl  (listens on 127.0.0.1, a free port; prints "listening on URL")
"use strict";
const fs = require("fs");
const http = require("http");
const { Server } = require("socket.io");

const MARKS_PER_SECOND = 20;
// The replay wakes this often: a frame leaves at most this late (ours has no such step).
const TICK_MS = 2;
// Frames sent per tick at most, so a stalled process catches up in bounded steps.
const FRAMES_PER_TICK_MAX = 10000;

const recording = process.argv[2];
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
io.on("connection", (socket) => {
  socket.on("join", (room) => {
    if (typeof room === "string" && rooms.includes(room)) socket.join(room);
  });
});

const nowUs = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
const lastFrameOf = new Map();
const startedUs = nowUs();
let next = 0;
let loopUs = 0;

function replay() {
  const dueUs = nowUs() - startedUs;
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

let marked = 0;
function mark() {
  const topic = rooms[marked % rooms.length];
  marked += 1;
  const last = lastFrameOf.get(topic);
  if (last) io.to(topic).emit("frame", { ...last, rem: `bench:${nowUs()}` });
}

httpServer.listen(0, "127.0.0.1", () => {
  setInterval(replay, TICK_MS);
  setInterval(mark, 1000 / MARKS_PER_SECOND);
  console.log(`listening on http://127.0.0.1:${httpServer.address().port}`);
  console.log(`replaying ${frames.length} frames over ${rooms.length} rooms, ${(frames.length / (spanUs / 1e6)).toFixed(0)} frames/s`);
});
