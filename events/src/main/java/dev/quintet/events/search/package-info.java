/** Event search: parameters in Eventbrite's names, text, distance, dates in the venue's time zone, paging. */
package dev.quintet.events.search;
