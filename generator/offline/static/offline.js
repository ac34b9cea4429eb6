// Grimoire: the page's entry for the compendium offline (every page loads it).
import { mountOffline } from "./offline-mount.js";

mountOffline(document, window);
