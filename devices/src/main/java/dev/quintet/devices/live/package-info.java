/**
 * What changes on a device as it happens, for apps holding a live stream open on any node: changes are numbered per
 * device and kept in PostgreSQL while someone streams the device, and the nodes tell each other with NOTIFY.
 */
package dev.quintet.devices.live;
