/** Vitest set-up: the string tables, which the page fetches as data, registered from their files. */
import en from '../assets/strings/en.json';
import ru from '../assets/strings/ru.json';
import { registerStrings } from '../src/app/page/strings.ts';

registerStrings('en', en);
registerStrings('ru', ru);
