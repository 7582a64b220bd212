/** Background work that apps run at intervals. */
package dev.quintet.platform.tasks;
