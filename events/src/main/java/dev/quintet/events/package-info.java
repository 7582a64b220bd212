/** Event discovery (S4): search and publish events, behind OAuth 2. */
package dev.quintet.events;
