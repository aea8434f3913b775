"use server";

import { redirect } from "next/navigation";

import { startConnectOnboarding } from "@/lib/commerce/earnings/connect";
import { requireActor } from "@/lib/platform/auth/session";

/** A teacher connects (or finishes connecting) their Stripe account: off to Stripe's onboarding. */
export async function connectStripeAction(): Promise<void> {
  const actor = await requireActor("earnings.read-own");
  let url: string;
  try {
    url = await startConnectOnboarding(actor);
  } catch (error) {
    console.error("[earnings] Stripe onboarding could not start:", error instanceof Error ? error.message : error);
    redirect("/teacher/earnings?connect=unavailable");
  }
  redirect(url);
}
