"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";

import { usePolling } from "@/browser/use-polling";
import type { ClassroomRole } from "@/lib/classroom/classroom-access";
import type { ChatLine } from "@/lib/classroom/chat";
import type { ClassroomEntry, RosterEntry } from "@/lib/classroom/live-room";
import { CHAT_MESSAGE_MAX } from "@/lib/classroom/schema";

import type { RemoteFeed, RoomConnection } from "./janus-room";
import { reconnectDelay } from "./reconnect";

type Phase =
  | { kind: "ready" }
  | { kind: "asking" }
  | { kind: "waiting"; locked: boolean }
  | { kind: "in" }
  | { kind: "reconnecting"; retryInSeconds: number }
  | { kind: "out"; message: string };

const HEARTBEAT_MS = 15_000;
const WAITING_POLL_MS = 3_000;
const ROSTER_POLL_MS = 3_000;
const CHAT_POLL_MS = 2_000;

async function readJson(response: Response): Promise<{ ok?: boolean; message?: string } & Record<string, unknown>> {
  return (await response.json().catch(() => ({ message: "The server did not answer. Try again in a moment." }))) as never;
}

/** The live class: a waiting room for families until the teacher admits them, then the room itself. */
export function LiveClassroom({
  sectionId,
  role,
  courseTitle,
  when,
  observerRole,
}: {
  sectionId: number;
  role: ClassroomRole;
  courseTitle: string;
  when: string;
  observerRole: string | null;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: "ready" });
  const [remotes, setRemotes] = useState<RemoteFeed[]>([]);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [audioOn, setAudioOn] = useState(role === "teacher");
  const [videoOn, setVideoOn] = useState(role === "teacher");
  const [notice, setNotice] = useState<string | null>(null);
  const [observers, setObservers] = useState<string[]>([]);
  const connection = useRef<RoomConnection | null>(null);
  // Asking again (the waiting room, a reconnect) goes through a ref: `enter` schedules itself.
  const enterAgain = useRef<() => void>(() => undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const again = useCallback((ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => enterAgain.current(), ms);
  }, []);
  // Attempts since the room was lost: each waits longer (reconnectDelay), back to the first once in.
  const attempts = useRef(0);
  const reconnect = useCallback(() => {
    const ms = reconnectDelay(attempts.current++);
    setPhase({ kind: "reconnecting", retryInSeconds: Math.ceil(ms / 1000) });
    again(ms);
  }, [again]);
  // What the person chose for their camera and microphone, kept for coming back in after a reconnect.
  const sending = useRef({ audio: audioOn, video: videoOn });
  useEffect(() => {
    sending.current = { audio: audioOn, video: videoOn };
  }, [audioOn, videoOn]);
  const base = `/api/classroom/${sectionId}`;

  const mutedSeen = useRef({ audio: false, video: false });
  const moderated = useCallback((kind: "audio" | "video") => {
    connection.current?.[kind === "audio" ? "setAudio" : "setVideo"](false);
    if (kind === "audio") setAudioOn(false);
    else setVideoOn(false);
    setNotice(kind === "audio" ? "The teacher muted your microphone." : "The teacher turned your camera off.");
  }, []);

  const enter = useCallback(async (): Promise<void> => {
    const response = await fetch(base, { cache: "no-store" });
    const body = await readJson(response);
    if (!response.ok) {
      // A media server that is briefly down: try again, each time a little later; any other refusal is final.
      if (response.status === 503) reconnect();
      else setPhase({ kind: "out", message: body.message ?? "You cannot join this class." });
      return;
    }
    const entry = body.entry as ClassroomEntry;
    if (entry.kind === "outside") {
      setPhase({ kind: "out", message: "This class now meets on an outside meeting link: reload this page to open it." });
      return;
    }
    if (entry.state !== "admitted" || !entry.media) {
      setPhase({ kind: "waiting", locked: entry.locked });
      again(WAITING_POLL_MS);
      return;
    }
    const { joinRoom } = await import("./janus-room");
    try {
      connection.current = await joinRoom(
        // A fresh pass each time (the app checks the roster again and makes the room again on a restarted media server).
        { ...entry.media, display: entry.display, publish: role !== "observer", startWith: sending.current },
        {
          onRemote: (feed) => setRemotes((all) => [...all.filter((f) => f.id !== feed.id), feed]),
          onRemoteGone: (id) => setRemotes((all) => all.filter((f) => f.id !== id)),
          onLocal: (stream) => setLocal(stream),
          onModerated: (kind) => moderated(kind),
          onLeft: (reason) => {
            connection.current = null;
            setRemotes([]);
            setLocal(null);
            if (reason === "kicked")
              setPhase({ kind: "out", message: "The teacher removed you from this session. You can join the next one." });
            else if (reason === "ended") setPhase({ kind: "out", message: "This class has ended. See you at the next session." });
            // The media server went away (killed, restarted): the page says so and comes back in when it returns.
            else reconnect();
          },
          onError: (message) => setNotice(message),
        },
      );
      attempts.current = 0;
      setPhase({ kind: "in" });
    } catch (error) {
      console.error("[classroom] could not join the room:", error);
      reconnect();
    }
  }, [base, role, moderated, again, reconnect]);

  useEffect(() => {
    enterAgain.current = () => void enter();
  }, [enter]);

  // The join log, and how a removal or the end reaches a page that missed the media server's event.
  useEffect(() => {
    if (phase.kind !== "in") return;
    const beat = async () => {
      const response = await fetch(`${base}/heartbeat`, { method: "POST" });
      const body = await readJson(response);
      if (body.state === "removed") connection.current?.leave();
      if (body.state === "removed")
        setPhase({ kind: "out", message: "The teacher removed you from this session. You can join the next one." });
      else if (body.state === "ended" || response.status === 403) {
        connection.current?.leave();
        setPhase({
          kind: "out",
          message: body.state === "ended" ? "This class has ended." : (body.message ?? "You cannot stay in this class."),
        });
      } else {
        if (Array.isArray(body.observers)) setObservers(body.observers as string[]);
        // The teacher's mute reaches the page here too (the media server already drops the muted stream).
        const muted = body.muted as { audio?: boolean; video?: boolean } | undefined;
        // Once per mute: the family may turn its own controls back on (the media server decides what is heard).
        if (muted?.audio && !mutedSeen.current.audio) moderated("audio");
        if (muted?.video && !mutedSeen.current.video) moderated("video");
        mutedSeen.current = { audio: Boolean(muted?.audio), video: Boolean(muted?.video) };
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [phase.kind, base, moderated]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      connection.current?.leave();
    },
    [],
  );

  const toggleAudio = () => {
    connection.current?.setAudio(!audioOn);
    setAudioOn(!audioOn);
  };
  const toggleVideo = () => {
    connection.current?.setVideo(!videoOn);
    setVideoOn(!videoOn);
  };

  return (
    <section aria-labelledby="classroom-title">
      <h1 id="classroom-title" className="text-3xl font-extrabold text-slate-900">
        {courseTitle}
      </h1>
      <p className="mt-1 text-slate-700">Session: {when}</p>
      {observerRole ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          You are observing as {observerRole}: everyone in the class is told so.
        </p>
      ) : null}
      {observers.length > 0 && role !== "observer" ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900" data-testid="observer-banner">
          A staff observer from the school is watching this class.
        </p>
      ) : null}
      {notice ? (
        <p className="mt-2 rounded-lg bg-slate-100 px-3 py-2 text-slate-800" role="status">
          {notice}
        </p>
      ) : null}

      {phase.kind === "ready" ? (
        <div className="mt-6">
          <p className="text-slate-700">
            {role === "learner"
              ? "You come in with your camera and microphone off; turn them on when you are ready. The teacher lets each family in."
              : "Press Join to open the classroom."}
          </p>
          <button
            type="button"
            onClick={() => {
              setPhase({ kind: "asking" });
              void enter();
            }}
            className="mt-3 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Join the class
          </button>
        </div>
      ) : null}
      {phase.kind === "asking" ? <p className="mt-6 text-slate-700">Opening the classroom…</p> : null}
      {phase.kind === "waiting" ? (
        <p className="mt-6 rounded-lg bg-sky-50 px-3 py-3 text-sky-900" role="status">
          {phase.locked
            ? "The teacher has locked the room for now. Stay on this page: you will come in when it opens."
            : "You are in the waiting room. The teacher will let you in soon; stay on this page."}
        </p>
      ) : null}
      {phase.kind === "reconnecting" ? (
        <div className="mt-6 rounded-lg bg-amber-50 px-3 py-3 text-amber-900" role="status">
          <p className="font-semibold">The class is reconnecting…</p>
          <p className="text-sm">
            The classroom lost its connection. Stay on this page: you come back in by yourself (next try in {phase.retryInSeconds} s).
          </p>
        </div>
      ) : null}
      {phase.kind === "out" ? (
        <p className="mt-6 rounded-lg bg-rose-50 px-3 py-3 text-rose-900" role="alert">
          {phase.message}
        </p>
      ) : null}

      {phase.kind === "in" ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div>
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="People in the class">
              {local ? (
                <li>
                  <Video stream={local} muted label="You" testId="local-video" />
                </li>
              ) : null}
              {remotes.map((feed) => (
                <li key={feed.id}>
                  <Video stream={feed.stream} label={feed.display} testId="remote-video" />
                </li>
              ))}
            </ul>
            {role !== "observer" ? (
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" onClick={toggleAudio} className="rounded-lg border border-slate-300 px-3 py-2 font-semibold">
                  {audioOn ? "Turn microphone off" : "Turn microphone on"}
                </button>
                <button type="button" onClick={toggleVideo} className="rounded-lg border border-slate-300 px-3 py-2 font-semibold">
                  {videoOn ? "Turn camera off" : "Turn camera on"}
                </button>
              </div>
            ) : null}
          </div>
          <div className="space-y-6">
            {role === "teacher" ? <TeacherPanel base={base} /> : null}
            <ChatPanel base={base} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Video({ stream, muted = false, label, testId }: { stream: MediaStream; muted?: boolean; label: string; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  });
  return (
    <figure className="overflow-hidden rounded-xl bg-slate-900">
      <video ref={ref} autoPlay playsInline muted={muted} data-testid={testId} data-display={label} className="aspect-video w-full" />
      <figcaption className="bg-slate-800 px-2 py-1 text-sm text-white">{label}</figcaption>
    </figure>
  );
}

const STATUS_WORDS: Record<RosterEntry["status"], string> = {
  waiting: "Waiting",
  in: "In the class",
  left: "Left",
  absent: "Absent",
  removed: "Removed",
};

/** The teacher's roster and controls; the server checks each action and applies it on the media server. */
function TeacherPanel({ base }: { base: string }) {
  const [roster, setRoster] = useState<RosterEntry[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);

  const load = useCallback(async () => {
    const response = await fetch(`${base}/roster`, { cache: "no-store" });
    if (response.ok) setRoster(((await readJson(response)).roster as RosterEntry[]) ?? []);
  }, [base]);

  usePolling(load, ROSTER_POLL_MS);

  const act = async (body: Record<string, unknown>, done: string) => {
    const response = await fetch(`${base}/control`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await readJson(response);
    setMessage(response.ok ? done : (answer.message ?? "That did not work."));
    await load();
  };

  return (
    <aside aria-labelledby="roster-title" className="rounded-xl border border-slate-200 p-3">
      <h2 id="roster-title" className="text-lg font-bold text-slate-900">
        Roster
      </h2>
      {message ? (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {message}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="rounded-lg bg-brand-600 px-3 py-1 font-semibold text-white"
          onClick={() => void act({ action: "admit-all" }, "Everyone on the roster is let in.")}
        >
          Admit everyone
        </button>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1 font-semibold"
          onClick={() => void act({ action: "mute-all" }, "Every learner is muted.")}
        >
          Mute all
        </button>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1 font-semibold"
          onClick={() => {
            setLocked(!locked);
            void act({ action: "lock", locked: !locked }, locked ? "The room is open again." : "The room is locked.");
          }}
        >
          {locked ? "Unlock the room" : "Lock the room"}
        </button>
        <button
          type="button"
          className="rounded-lg bg-rose-700 px-3 py-1 font-semibold text-white"
          onClick={() => void act({ action: "end" }, "The class has ended.")}
        >
          End the class
        </button>
      </div>
      <ul className="mt-3 divide-y divide-slate-200" aria-label="Roster">
        {roster.map((person) => (
          <li key={person.userId} className="py-2" data-testid="roster-line">
            <p className="font-semibold text-slate-900">
              {person.name} <span className="font-normal text-slate-700">· {STATUS_WORDS[person.status]}</span>
            </p>
            {person.role === "learner" && person.status !== "removed" ? (
              <div className="mt-1 flex flex-wrap gap-2 text-sm">
                {person.status === "waiting" ? (
                  <button
                    type="button"
                    className="rounded border border-slate-300 px-2 py-0.5"
                    onClick={() => void act({ action: "admit", userId: person.userId }, `${person.name} is let in.`)}
                  >
                    Admit<span className="sr-only"> {person.name}</span>
                  </button>
                ) : null}
                {person.status === "in" ? (
                  <>
                    <button
                      type="button"
                      className="rounded border border-slate-300 px-2 py-0.5"
                      onClick={() => void act({ action: "mute", userId: person.userId }, `${person.name} is muted.`)}
                    >
                      Mute<span className="sr-only"> {person.name}</span>
                    </button>
                    <button
                      type="button"
                      className="rounded border border-slate-300 px-2 py-0.5"
                      onClick={() => void act({ action: "camera-off", userId: person.userId }, `${person.name}'s camera is off.`)}
                    >
                      Camera off<span className="sr-only"> for {person.name}</span>
                    </button>
                  </>
                ) : null}
                {person.status === "in" || person.status === "waiting" || person.status === "left" ? (
                  <button
                    type="button"
                    className="rounded border border-rose-300 px-2 py-0.5 text-rose-800"
                    onClick={() => void act({ action: "remove", userId: person.userId }, `${person.name} is removed from this session.`)}
                  >
                    Remove<span className="sr-only"> {person.name}</span>
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * The class chat: every message goes to everyone in the room (there is no private chat), screened on
 * the server as messages are; the page asks for new ones every 2 seconds while it is in the room.
 */
function ChatPanel({ base }: { base: string }) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const lastId = useRef(0);

  const add = useCallback((more: ChatLine[]) => {
    const fresh = more.filter((line) => line.id > lastId.current);
    if (!fresh.length) return;
    lastId.current = fresh[fresh.length - 1]!.id;
    setLines((all) => [...all, ...fresh].slice(-300));
  }, []);

  const load = useCallback(async () => {
    const response = await fetch(`${base}/chat?after=${lastId.current}`, { cache: "no-store" });
    if (response.ok) add(((await readJson(response)).messages as ChatLine[]) ?? []);
  }, [base, add]);

  usePolling(load, CHAT_POLL_MS);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || sending) return;
    setSending(true);
    const response = await fetch(`${base}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ body: draft }),
    }).catch(() => null);
    const answer = response ? await readJson(response) : { message: "The server did not answer. Try again in a moment." };
    setSending(false);
    if (!response?.ok) {
      setStatus(answer.message ?? "That message was not sent.");
      return;
    }
    setDraft("");
    setStatus(answer.isMasked ? "Sent. Contact details were taken out: the school's support team can read this message." : null);
    await load();
  };

  return (
    <section aria-labelledby="chat-title" className="rounded-xl border border-slate-200 p-3">
      <h2 id="chat-title" className="text-lg font-bold text-slate-900">
        Class chat
      </h2>
      <p className="text-sm text-slate-700">Everyone in the class reads what you write here.</p>
      <ol className="mt-2 max-h-80 space-y-2 overflow-y-auto" aria-label="Class chat" aria-live="polite">
        {lines.map((line) => (
          <li key={line.id} data-testid="chat-line" className="text-sm">
            <span className="font-semibold text-slate-900">{line.mine ? "You" : line.author}:</span>{" "}
            <span className="whitespace-pre-wrap text-slate-800">{line.body}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => void send(event)} className="mt-3">
        <label htmlFor="chat-draft" className="block text-sm font-semibold text-slate-900">
          Message to the class
        </label>
        <textarea
          id="chat-draft"
          value={draft}
          maxLength={CHAT_MESSAGE_MAX}
          rows={2}
          onChange={(event) => setDraft(event.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1"
        />
        {status ? (
          <p role="status" className="mt-1 text-sm text-slate-700">
            {status}
          </p>
        ) : null}
        <button type="submit" disabled={sending} className="mt-1 rounded-lg bg-brand-600 px-3 py-1 font-semibold text-white">
          Send to the class
        </button>
      </form>
    </section>
  );
}
