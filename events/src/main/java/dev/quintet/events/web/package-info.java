/** The events HTTP surface: Eventbrite v3-compatible routes and error shape. */
package dev.quintet.events.web;
