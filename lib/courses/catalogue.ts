import type { CourseCategory } from "@/lib/constants";

export interface CatalogueCourse {
  slug: string;
  title: string;
  category: CourseCategory;
  description: string;
  gradeMin: number;
  gradeMax: number;
  isFeatured?: boolean;
}

/** The starting catalogue, seeded into an empty database (lib/db/seed.ts). */
export const startingCatalogue: CatalogueCourse[] = [
  // technical
  { slug: "scratch-game-design", title: "Scratch Game Design", category: "technical", gradeMin: 1, gradeMax: 5, isFeatured: true,
    description: "Drag-and-drop coding with Scratch: children design characters, animate stories and build their first playable games while learning loops, events and conditions." },
  { slug: "python-for-young-coders", title: "Python for Young Coders", category: "technical", gradeMin: 5, gradeMax: 9, isFeatured: true,
    description: "A first real programming language. Students write text adventures, quizzes and turtle drawings, and learn variables, functions and debugging along the way." },
  { slug: "web-development-html-css-js", title: "Web Development with HTML, CSS and JavaScript", category: "technical", gradeMin: 7, gradeMax: 12,
    description: "From a blank file to a published website: page structure, responsive layout and interactive JavaScript, finishing with a personal portfolio site." },
  { slug: "app-inventor-mobile-apps", title: "Mobile Apps with MIT App Inventor", category: "technical", gradeMin: 4, gradeMax: 8,
    description: "Build working Android apps with blocks: a drawing pad, a quiz game and a step counter, using the phone's sensors and screen." },
  { slug: "ai-and-machine-learning-basics", title: "AI and Machine Learning Basics", category: "technical", gradeMin: 8, gradeMax: 12,
    description: "What machine learning is and is not. Students train image and text classifiers, look at bias in data and build a small recommendation model in Python." },
  // academic
  { slug: "math-foundations", title: "Math Foundations", category: "academic", gradeMin: 1, gradeMax: 5, isFeatured: true,
    description: "Number sense, place value, the four operations and fractions, taught with visual models and games so that arithmetic becomes reasoning, not memorising." },
  { slug: "pre-algebra-and-algebra", title: "Pre-Algebra and Algebra", category: "academic", gradeMin: 6, gradeMax: 9,
    description: "Ratios, negative numbers, expressions and equations, building to linear functions and graphs, with weekly problem sets and individual feedback." },
  { slug: "science-explorers", title: "Science Explorers", category: "academic", gradeMin: 2, gradeMax: 6,
    description: "Hands-on experiments with things found at home: states of matter, simple machines, plants and the solar system, with a science journal for every class." },
  { slug: "creative-writing-workshop", title: "Creative Writing Workshop", category: "academic", gradeMin: 3, gradeMax: 8,
    description: "Story structure, characters, dialogue and poetry. Each student drafts, revises and shares a short story collection by the end of the course." },
  { slug: "sat-math-prep", title: "SAT Math Prep", category: "academic", gradeMin: 10, gradeMax: 12,
    description: "Targeted practice for the SAT math section: algebra, problem solving, data analysis and advanced math, with timed practice tests and strategy review." },
  // language
  { slug: "spanish-for-kids", title: "Spanish for Kids", category: "language", gradeMin: 1, gradeMax: 6, isFeatured: true,
    description: "Songs, games and everyday conversation in Spanish: greetings, family, food and school, building listening and speaking confidence from the first class." },
  { slug: "french-beginners", title: "French for Beginners", category: "language", gradeMin: 4, gradeMax: 9,
    description: "Pronunciation, core vocabulary and simple grammar for reading and speaking French, with role-play of real situations like shopping and travel." },
  { slug: "english-reading-and-phonics", title: "English Reading and Phonics", category: "language", gradeMin: 1, gradeMax: 3,
    description: "Systematic phonics, sight words and guided reading for early readers, with short books matched to each child's level." },
  { slug: "mandarin-chinese-starter", title: "Mandarin Chinese Starter", category: "language", gradeMin: 3, gradeMax: 8,
    description: "Tones, pinyin and the first hundred characters, with conversation practice about everyday life and Chinese festivals." },
  { slug: "public-speaking-and-debate", title: "Public Speaking and Debate", category: "language", gradeMin: 6, gradeMax: 12,
    description: "Structure an argument, speak without notes and respond under pressure. Students practise speeches and friendly debates every week." },
  // music
  { slug: "piano-for-beginners", title: "Piano for Beginners", category: "music", gradeMin: 1, gradeMax: 8, isFeatured: true,
    description: "Posture, reading notes and playing with both hands, from simple melodies to a first full piece. A keyboard with 61 keys is enough to start." },
  { slug: "guitar-basics", title: "Guitar Basics", category: "music", gradeMin: 4, gradeMax: 12,
    description: "Chords, strumming patterns and tabs on acoustic or electric guitar, learning complete songs from the second week." },
  { slug: "singing-and-vocal-training", title: "Singing and Vocal Training", category: "music", gradeMin: 2, gradeMax: 12,
    description: "Breathing, pitch, range and performance. Students warm up, learn songs in their range and record a performance at the end of the course." },
  { slug: "music-theory-made-fun", title: "Music Theory Made Fun", category: "music", gradeMin: 3, gradeMax: 9,
    description: "Rhythm, scales, intervals and chords explained through games and the music students already love, useful for any instrument." },
  { slug: "digital-music-production", title: "Digital Music Production", category: "music", gradeMin: 7, gradeMax: 12,
    description: "Make beats and songs on free software: loops, synths, recording and mixing, finishing with an original track." },
  // lifestyle
  { slug: "chess-strategy", title: "Chess Strategy", category: "lifestyle", gradeMin: 1, gradeMax: 12, isFeatured: true,
    description: "From how the pieces move to openings, tactics and endgames, with coached games every class and a friendly online tournament." },
  { slug: "drawing-and-illustration", title: "Drawing and Illustration", category: "lifestyle", gradeMin: 2, gradeMax: 10,
    description: "Shapes, shading, perspective and character design with pencil and paper, building a sketchbook of finished pieces." },
  { slug: "yoga-and-mindfulness", title: "Yoga and Mindfulness for Kids", category: "lifestyle", gradeMin: 1, gradeMax: 7,
    description: "Gentle movement, balance and breathing exercises that help children focus, relax and sleep better. No equipment needed." },
  { slug: "financial-literacy", title: "Money Smart: Financial Literacy", category: "lifestyle", gradeMin: 5, gradeMax: 12,
    description: "Earning, saving, budgeting and how interest works, through games and real-life projects like planning a trip on a budget." },
  { slug: "cooking-for-kids", title: "Cooking Without Fire", category: "lifestyle", gradeMin: 2, gradeMax: 8,
    description: "Safe, no-heat recipes from salads to desserts, teaching kitchen hygiene, measuring and healthy eating habits." },
];
