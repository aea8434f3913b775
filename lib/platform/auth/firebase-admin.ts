import "server-only";

import { cert, getApps, initializeApp } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";

import { identityConfig } from "@/lib/platform/auth/config";
import { env } from "@/lib/platform/env";

/**
 * firebase-admin for users, ID tokens and custom claims. With the emulator it
 * needs only a project id (it reads FIREBASE_AUTH_EMULATOR_HOST itself).
 */
export function adminAuth(): Auth {
  const app =
    getApps()[0] ??
    initializeApp(
      identityConfig.usesEmulator || !env.FIREBASE_CLIENT_EMAIL || !env.FIREBASE_PRIVATE_KEY
        ? { projectId: identityConfig.projectId }
        : {
            projectId: identityConfig.projectId,
            credential: cert({
              projectId: identityConfig.projectId,
              clientEmail: env.FIREBASE_CLIENT_EMAIL,
              // Keys pasted into env files carry literal \n.
              privateKey: env.FIREBASE_PRIVATE_KEY.replace(/\\n/g, "\n"),
            }),
          },
    );
  return getAuth(app);
}
