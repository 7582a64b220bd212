/** Display properties a device sets on its datastreams (label, colour, ranges, labels), for apps to show. */
package dev.quintet.devices.properties;
