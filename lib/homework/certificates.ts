import "server-only";

import { and, eq } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

import type { Actor } from "@/lib/platform/auth/permissions";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { certificates, learners } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";
import { todayIn } from "@/lib/scheduling/time";

import { HOMEWORK_MESSAGES as M } from "./messages";
import { firstNameOf, isSeatedChildOf, taughtSection, teacherFirstName } from "./sections";

export interface Certificate {
  id: string;
  learnerFirstName: string;
  teacherFirstName: string;
  courseTitle: string;
  /** yyyy-MM-dd, the section's end (or the day it was issued, for a section without one). */
  completedOn: string;
  issuedAt: string;
}

const toCertificate = (row: typeof certificates.$inferSelect): Certificate => ({
  id: row.id,
  learnerFirstName: row.learnerFirstName,
  teacherFirstName: row.teacherFirstName,
  courseTitle: row.courseTitle,
  completedOn: row.completedOn,
  issuedAt: row.issuedAt.toISOString(),
});

export const certificateUrl = (id: string) => `${brand.siteUrl}/certificates/${id}`;

/**
 * The section's teacher (or an admin) issues a child a certificate of completion, once the section
 * has ended (a section without an end: whenever its teacher judges the child has completed it).
 * The names printed are first names only, copied onto the certificate so the public page reads
 * nothing else. Issued again, the same certificate is answered.
 */
export async function issueCertificate(
  db: Database,
  actor: Actor | null,
  input: { sectionId: number; learnerId: number },
  now = new Date(),
): Promise<Certificate> {
  const section = await taughtSection(db, actor, input.sectionId);
  const today = todayIn(section.timezone, now);
  if (section.endsOn && section.endsOn > today) throw new AppError("invalid", M.notCompleted);
  const [learner] = await db
    .select({ parentId: learners.parentId, firstName: learners.firstName })
    .from(learners)
    .where(eq(learners.id, input.learnerId));
  if (!learner || !(await isSeatedChildOf(db, learner.parentId, input.learnerId, section.id)))
    throw new AppError("invalid", M.notYourChild);
  await db
    .insert(certificates)
    .values({
      sectionId: section.id,
      learnerId: input.learnerId,
      learnerFirstName: firstNameOf(learner.firstName, "Learner"),
      teacherFirstName: await teacherFirstName(db, section.teacherId),
      courseTitle: section.courseTitle,
      completedOn: section.endsOn ?? today,
      issuedById: actor!.id,
      issuedAt: now,
    })
    .onConflictDoNothing({ target: [certificates.sectionId, certificates.learnerId] });
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.sectionId, section.id), eq(certificates.learnerId, input.learnerId)));
  return toCertificate(row!);
}

const certificateId = z.uuid();

/** The certificate with this id, for anyone who has its address; null for an id that is not one (forged, mistyped or gone). */
export async function findCertificate(db: Pick<Database, "select">, id: string): Promise<Certificate | null> {
  if (!certificateId.safeParse(id).success) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ? toCertificate(row) : null;
}

/** A child's certificates, newest first (the parent's page, the child's portfolio). */
export async function learnerCertificates(db: Pick<Database, "select">, learnerId: number): Promise<Certificate[]> {
  const rows = await db.select().from(certificates).where(eq(certificates.learnerId, learnerId));
  return rows.map(toCertificate).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
}

/**
 * The standard PDF fonts encode Windows-1252 only: a letter outside it is written without its
 * accent where it has one, else as "?", so no name can make the PDF fail.
 */
function printable(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return ch;
      const bare = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return /^[\x20-\x7e]+$/.test(bare) ? bare : "?";
    })
    .join("");
}

const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** The certificate as a one-page landscape A4 PDF (pdf-lib, standard fonts: nothing to load), with its verification address. */
export async function certificatePdf(certificate: Certificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Certificate of completion: ${certificate.learnerFirstName}, ${certificate.courseTitle}`));
  pdf.setAuthor(printable(brand.name));
  pdf.setCreationDate(new Date(certificate.issuedAt));
  const page = pdf.addPage([842, 595]);
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const ink = rgb(0.06, 0.09, 0.16);
  const accent = rgb(0.15, 0.39, 0.92);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: accent, borderWidth: 4 });
  page.drawRectangle({ x: 36, y: 36, width: 770, height: 523, borderColor: accent, borderWidth: 1 });
  const centred = (text: string, y: number, size: number, font = regular, color = ink) => {
    const safe = printable(text);
    let fitted = size;
    while (font.widthOfTextAtSize(safe, fitted) > 700 && fitted > 8) fitted -= 1;
    page.drawText(safe, { x: (842 - font.widthOfTextAtSize(safe, fitted)) / 2, y, size: fitted, font, color });
  };
  centred(brand.name, 500, 18, bold, accent);
  centred("Certificate of completion", 440, 36, bold);
  centred("This certifies that", 390, 16);
  centred(certificate.learnerFirstName, 340, 40, bold, accent);
  centred("has completed the course", 295, 16);
  centred(certificate.courseTitle, 255, 26, bold);
  centred(`with ${certificate.teacherFirstName}, on ${longDate(certificate.completedOn)}`, 215, 16);
  centred("Check this certificate at", 110, 11);
  centred(certificateUrl(certificate.id), 92, 11, regular, accent);
  return pdf.save();
}

/** The certificates issued in a section, by learner (the teacher's list). */
export async function sectionCertificates(db: Pick<Database, "select">, sectionId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: certificates.id, learnerId: certificates.learnerId })
    .from(certificates)
    .where(eq(certificates.sectionId, sectionId));
  return new Map(rows.map((r) => [r.learnerId, r.id]));
}
