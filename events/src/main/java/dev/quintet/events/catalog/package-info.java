/** What is known of events: categories, formats, organizers, venues, events and their ticket classes, and demo data. */
package dev.quintet.events.catalog;
