/** Cursor pagination shared by the lists of the app API. */
package dev.quintet.devices.paging;
