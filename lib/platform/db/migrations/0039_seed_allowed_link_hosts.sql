-- The first allow-list of link hosts (until now a constant in lib/platform/security/screening.ts); admins keep it from here on.
INSERT INTO "allowed_link_hosts" ("host") VALUES
  ('code.org'),
  ('scratch.mit.edu'),
  ('khanacademy.org'),
  ('wikipedia.org'),
  ('britannica.com'),
  ('nasa.gov'),
  ('bbc.co.uk'),
  ('musescore.com'),
  ('desmos.com'),
  ('geogebra.org')
ON CONFLICT ("host") DO NOTHING;
