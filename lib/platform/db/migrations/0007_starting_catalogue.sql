-- The starting catalogue (reference data): seeded into an empty courses table wherever the
-- migrations run (the embedded database, PostgreSQL, the build's in-memory copy, every test
-- database). A catalogue the team has edited is left alone: nothing is inserted once a course exists.
INSERT INTO "courses" ("slug", "title", "category", "description", "grade_min", "grade_max", "is_featured")
SELECT "slug", "title", "category"::"course_category", "description", "grade_min", "grade_max", "is_featured" FROM (VALUES
  ('scratch-game-design', 'Scratch Game Design', 'technical', 'Drag-and-drop coding with Scratch: children design characters, animate stories and build their first playable games while learning loops, events and conditions.', 1, 5, true),
  ('python-for-young-coders', 'Python for Young Coders', 'technical', 'A first real programming language. Students write text adventures, quizzes and turtle drawings, and learn variables, functions and debugging along the way.', 5, 9, true),
  ('web-development-html-css-js', 'Web Development with HTML, CSS and JavaScript', 'technical', 'From a blank file to a published website: page structure, responsive layout and interactive JavaScript, finishing with a personal portfolio site.', 7, 12, false),
  ('app-inventor-mobile-apps', 'Mobile Apps with MIT App Inventor', 'technical', 'Build working Android apps with blocks: a drawing pad, a quiz game and a step counter, using the phone''s sensors and screen.', 4, 8, false),
  ('ai-and-machine-learning-basics', 'AI and Machine Learning Basics', 'technical', 'What machine learning is and is not. Students train image and text classifiers, look at bias in data and build a small recommendation model in Python.', 8, 12, false),
  ('math-foundations', 'Math Foundations', 'academic', 'Number sense, place value, the four operations and fractions, taught with visual models and games so that arithmetic becomes reasoning, not memorising.', 1, 5, true),
  ('pre-algebra-and-algebra', 'Pre-Algebra and Algebra', 'academic', 'Ratios, negative numbers, expressions and equations, building to linear functions and graphs, with weekly problem sets and individual feedback.', 6, 9, false),
  ('science-explorers', 'Science Explorers', 'academic', 'Hands-on experiments with things found at home: states of matter, simple machines, plants and the solar system, with a science journal for every class.', 2, 6, false),
  ('creative-writing-workshop', 'Creative Writing Workshop', 'academic', 'Story structure, characters, dialogue and poetry. Each student drafts, revises and shares a short story collection by the end of the course.', 3, 8, false),
  ('sat-math-prep', 'SAT Math Prep', 'academic', 'Targeted practice for the SAT math section: algebra, problem solving, data analysis and advanced math, with timed practice tests and strategy review.', 10, 12, false),
  ('spanish-for-kids', 'Spanish for Kids', 'language', 'Songs, games and everyday conversation in Spanish: greetings, family, food and school, building listening and speaking confidence from the first class.', 1, 6, true),
  ('french-beginners', 'French for Beginners', 'language', 'Pronunciation, core vocabulary and simple grammar for reading and speaking French, with role-play of real situations like shopping and travel.', 4, 9, false),
  ('english-reading-and-phonics', 'English Reading and Phonics', 'language', 'Systematic phonics, sight words and guided reading for early readers, with short books matched to each child''s level.', 1, 3, false),
  ('mandarin-chinese-starter', 'Mandarin Chinese Starter', 'language', 'Tones, pinyin and the first hundred characters, with conversation practice about everyday life and Chinese festivals.', 3, 8, false),
  ('public-speaking-and-debate', 'Public Speaking and Debate', 'language', 'Structure an argument, speak without notes and respond under pressure. Students practise speeches and friendly debates every week.', 6, 12, false),
  ('piano-for-beginners', 'Piano for Beginners', 'music', 'Posture, reading notes and playing with both hands, from simple melodies to a first full piece. A keyboard with 61 keys is enough to start.', 1, 8, true),
  ('guitar-basics', 'Guitar Basics', 'music', 'Chords, strumming patterns and tabs on acoustic or electric guitar, learning complete songs from the second week.', 4, 12, false),
  ('singing-and-vocal-training', 'Singing and Vocal Training', 'music', 'Breathing, pitch, range and performance. Students warm up, learn songs in their range and record a performance at the end of the course.', 2, 12, false),
  ('music-theory-made-fun', 'Music Theory Made Fun', 'music', 'Rhythm, scales, intervals and chords explained through games and the music students already love, useful for any instrument.', 3, 9, false),
  ('digital-music-production', 'Digital Music Production', 'music', 'Make beats and songs on free software: loops, synths, recording and mixing, finishing with an original track.', 7, 12, false),
  ('chess-strategy', 'Chess Strategy', 'lifestyle', 'From how the pieces move to openings, tactics and endgames, with coached games every class and a friendly online tournament.', 1, 12, true),
  ('drawing-and-illustration', 'Drawing and Illustration', 'lifestyle', 'Shapes, shading, perspective and character design with pencil and paper, building a sketchbook of finished pieces.', 2, 10, false),
  ('yoga-and-mindfulness', 'Yoga and Mindfulness for Kids', 'lifestyle', 'Gentle movement, balance and breathing exercises that help children focus, relax and sleep better. No equipment needed.', 1, 7, false),
  ('financial-literacy', 'Money Smart: Financial Literacy', 'lifestyle', 'Earning, saving, budgeting and how interest works, through games and real-life projects like planning a trip on a budget.', 5, 12, false),
  ('cooking-for-kids', 'Cooking Without Fire', 'lifestyle', 'Safe, no-heat recipes from salads to desserts, teaching kitchen hygiene, measuring and healthy eating habits.', 2, 8, false)
) AS "catalogue" ("slug", "title", "category", "description", "grade_min", "grade_max", "is_featured")
WHERE NOT EXISTS (SELECT 1 FROM "courses");
