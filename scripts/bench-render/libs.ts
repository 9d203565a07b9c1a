/** Size baseline for the render benchmark: the library parts the table uses (Pixi, GSAP, howler) and nothing else. */
import { gsap } from 'gsap';
// Pixi's static shader polyfills: the table imports them because its CSP forbids eval, so they are
// a library part the table uses (about 2.5 KB gzip), not the table's own code.
import 'pixi.js/unsafe-eval';
import { Howl } from 'howler';
import { Application, CanvasSource, Container, Graphics, Rectangle, Sprite, Text, Texture } from 'pixi.js';

const keep = [Application, CanvasSource, Container, Graphics, Rectangle, Sprite, Text, Texture, gsap, Howl];
void new Application().init({ preference: 'webgl' }).then(() => console.log(keep.length));
