/** Size baseline for the render benchmark: the library parts the table uses (Pixi, GSAP, howler) and nothing else. */
import { gsap } from 'gsap';
import { Howl } from 'howler';
import { Application, CanvasSource, Container, Graphics, Rectangle, Sprite, Text, Texture } from 'pixi.js';

const keep = [Application, CanvasSource, Container, Graphics, Rectangle, Sprite, Text, Texture, gsap, Howl];
void new Application().init({ preference: 'webgl' }).then(() => console.log(keep.length));
