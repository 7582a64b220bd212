/** Stored captures: the files JSON answers link to, and the cache of repeated captures. */
package dev.quintet.capture.files;
