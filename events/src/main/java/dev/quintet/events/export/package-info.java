/** Events for other programs: RFC 5545 iCalendar (ical4j) and schema.org Event JSON-LD. */
package dev.quintet.events.export;
