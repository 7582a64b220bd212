/** Background work that apps run at intervals or in batches, and work run beside a request's own thread. */
package dev.quintet.platform.tasks;
