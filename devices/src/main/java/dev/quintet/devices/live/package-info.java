/** What changes on a device as it happens, for apps holding a live stream open on this node. */
package dev.quintet.devices.live;
