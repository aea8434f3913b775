// The browser's side of a session's room, on Meetecho's own client (npm janus-gateway): publish this
// person's camera and microphone (audio first, video second: the mids the teacher's mute and
// camera-off name on the server), and subscribe to everyone else's. Loaded only in the browser.

import { watchSession, type SessionCheck } from "./reconnect";

/** What the page is told about the room. */
export interface RoomEvents {
  onRemote(feed: RemoteFeed): void;
  onRemoteGone(feedId: string): void;
  onLocal(stream: MediaStream): void;
  /** kicked, the room destroyed (class ended), or the media server gone (reconnect). */
  onLeft(reason: "kicked" | "ended" | "lost"): void;
  onModerated(kind: "audio" | "video"): void;
  onError(message: string): void;
}

export interface RemoteFeed {
  id: string;
  display: string;
  stream: MediaStream;
}

export interface RoomPass {
  room: string;
  participantId: string;
  roomToken: string;
  janusToken: string;
  /** TURN servers with this person's credential (lib/classroom/turn.ts); empty without one. */
  iceServers: Array<{ urls: string[]; username: string; credential: string }>;
  display: string;
  /** Observers watch only. */
  publish: boolean;
  /** Whether the camera and microphone send when the room opens: learners come in with both off; a reconnect keeps what the person chose. */
  startWith: { audio: boolean; video: boolean };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- janus.js hands back untyped messages */
type Handle = any;

export interface RoomConnection {
  setAudio(on: boolean): void;
  setVideo(on: boolean): void;
  leave(): void;
}

const MEDIA_PATH = "/api/classroom/media";
const AUDIO_MID = "0";
/** A check of the session that takes longer than this counts as unanswered. */
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Asks the media server (through the app's proxy) whether it still knows this session: a keepalive,
 * answered "ack" while it does, with an error once it has restarted (the session is gone) or when the
 * pass has expired (403 from the proxy); no answer, or the proxy's 503, is "unreachable".
 */
async function checkSession(sessionId: number | string | null | undefined, janusToken: string): Promise<SessionCheck> {
  if (sessionId === null || sessionId === undefined) return "alive";
  try {
    const response = await fetch(`${MEDIA_PATH}/${sessionId}`, {
      method: "POST",
      credentials: "include",
      cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        janus: "keepalive",
        session_id: sessionId,
        transaction: Math.random().toString(36).slice(2),
        token: janusToken,
      }),
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    if (response.status === 403) return "gone";
    if (!response.ok) return "unreachable";
    const body = (await response.json()) as { janus?: string };
    return body.janus === "error" ? "gone" : "alive";
  } catch {
    return "unreachable";
  }
}

/**
 * The Janus session's connection options. `iceServers` is always given, empty without a TURN server:
 * janus.js falls back to Google's public STUN server when it is missing, which would hand every
 * family's and child's address to a third party on each join.
 */
export function janusSessionOptions(pass: Pick<RoomPass, "janusToken" | "iceServers">) {
  return {
    server: MEDIA_PATH,
    token: pass.janusToken,
    // Our proxy serves signed-in people only: the session cookie goes along.
    withCredentials: true,
    iceServers: pass.iceServers,
  };
}

export async function joinRoom(pass: RoomPass, events: RoomEvents): Promise<RoomConnection> {
  const [{ default: Janus }, { default: adapter }] = await Promise.all([import("janus-gateway"), import("webrtc-adapter")]);
  await new Promise<void>((resolve) =>
    Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter }), callback: resolve }),
  );
  let left = false;
  let localStream: MediaStream | null = null;
  const subscribers = new Map<string, Handle>();
  let privateId: number | undefined;
  let janus: any;
  let stopWatching: () => void = () => undefined;

  const leaveWith = (reason: "kicked" | "ended" | "lost") => {
    if (left) return;
    left = true;
    stopWatching();
    localStream?.getTracks().forEach((t) => t.stop());
    try {
      janus?.destroy({ cleanupHandles: true, notifyDestroyed: false });
    } catch {
      // already gone
    }
    events.onLeft(reason);
  };

  const subscribe = (publisher: { id: string; display: string }) => {
    if (subscribers.has(publisher.id) || publisher.id === pass.participantId) return;
    subscribers.set(publisher.id, null);
    let tracks: MediaStreamTrack[] = [];
    janus.attach({
      plugin: "janus.plugin.videoroom",
      success: (handle: Handle) => {
        subscribers.set(publisher.id, handle);
        handle.send({
          message: {
            request: "join",
            ptype: "subscriber",
            room: pass.room,
            streams: [{ feed: publisher.id }],
            private_id: privateId,
            token: pass.roomToken,
          },
        });
      },
      error: (error: unknown) => events.onError(String(error)),
      onmessage: (msg: any, jsep: any) => {
        const handle = subscribers.get(publisher.id);
        if (jsep && handle) {
          handle.createAnswer({
            jsep,
            // No capture of our own: audio and video are accepted receive-only.
            tracks: [{ type: "data" }],
            success: (answer: any) => handle.send({ message: { request: "start", room: pass.room }, jsep: answer }),
            error: (error: unknown) => events.onError(`Could not receive ${publisher.display}: ${String(error)}`),
          });
        }
      },
      onremotetrack: (track: MediaStreamTrack, _mid: string, on: boolean) => {
        tracks = on ? [...tracks.filter((t) => t.id !== track.id), track] : tracks.filter((t) => t.id !== track.id);
        // A new stream for each change, so the <video> takes it in afresh.
        events.onRemote({ id: publisher.id, display: publisher.display, stream: new MediaStream(tracks) });
      },
    });
  };

  const unsubscribe = (id: string) => {
    const handle = subscribers.get(id);
    subscribers.delete(id);
    handle?.detach();
    events.onRemoteGone(id);
  };

  const publishers = (list: any[] | undefined) => {
    for (const p of list ?? []) subscribe({ id: String(p.id), display: String(p.display ?? "") });
  };

  let publisher: Handle = null;
  await new Promise<void>((resolve, reject) => {
    const onPublisherMessage = (msg: any, jsep: any) => {
      if (jsep) publisher.handleRemoteJsep({ jsep });
      if (msg.videoroom === "joined") {
        privateId = msg.private_id;
        // In the room: from now on a media server that goes away (or comes back without this session) is noticed.
        stopWatching = watchSession(
          () => checkSession(janus?.getSessionId?.(), pass.janusToken),
          () => leaveWith("lost"),
        );
        resolve();
        if (pass.publish) {
          publisher.createOffer({
            tracks: [
              { type: "audio", capture: true, recv: false },
              { type: "video", capture: true, recv: false },
            ],
            success: (offer: any) => publisher.send({ message: { request: "configure", audio: true, video: true }, jsep: offer }),
            error: (error: unknown) => events.onError(`Your camera or microphone could not start: ${String(error)}`),
          });
        }
        publishers(msg.publishers);
      } else if (msg.videoroom === "destroyed") leaveWith("ended");
      else if (msg.videoroom === "event") {
        publishers(msg.publishers);
        const gone = msg.unpublished ?? msg.leaving;
        if (gone === "ok" && msg.reason === "kicked") leaveWith("kicked");
        else if (gone !== undefined && gone !== "ok") unsubscribe(String(gone));
        // Janus tells the whole room; only this person's own streams concern this page.
        if (msg.moderation === "muted" && String(msg.id) === pass.participantId)
          events.onModerated(msg.mid === AUDIO_MID ? "audio" : "video");
        if (msg.error_code) {
          reject(new Error(msg.error));
          events.onError(msg.error);
        }
      }
    };
    janus = new Janus({
      ...janusSessionOptions(pass),
      success: () => {
        janus.attach({
          plugin: "janus.plugin.videoroom",
          success: (handle: Handle) => {
            publisher = handle;
            handle.send({
              message: {
                request: "join",
                ptype: "publisher",
                room: pass.room,
                id: pass.participantId,
                display: pass.display,
                token: pass.roomToken,
              },
            });
          },
          error: (error: unknown) => reject(new Error(String(error))),
          onmessage: onPublisherMessage,
          // The media path itself failed (the server's end of it is gone): come back in as after a restart.
          iceState: (state: string) => {
            if (state === "failed") leaveWith("lost");
          },
          onlocaltrack: (track: MediaStreamTrack, on: boolean) => {
            if (!on) return;
            localStream ??= new MediaStream();
            if (!localStream.getTracks().includes(track)) localStream.addTrack(track);
            track.enabled = track.kind === "audio" ? pass.startWith.audio : pass.startWith.video;
            events.onLocal(localStream);
          },
        });
      },
      error: (error: unknown) => {
        reject(new Error(String(error)));
        leaveWith("lost");
      },
      destroyed: () => leaveWith("lost"),
    });
  });

  return {
    setAudio: (on) => localStream?.getAudioTracks().forEach((t) => (t.enabled = on)),
    setVideo: (on) => localStream?.getVideoTracks().forEach((t) => (t.enabled = on)),
    leave: () => leaveWith("ended"),
  };
}
