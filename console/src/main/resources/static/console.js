document.addEventListener('DOMContentLoaded', () => {
  document.querySelectorAll('button[data-copy]').forEach((button) => {
    const field = document.getElementById(button.dataset.copy);
    const status = document.getElementById('copy-status');
    if (!field) {
      return;
    }
    field.addEventListener('focus', () => field.select());
    if (!navigator.clipboard) {
      return;
    }
    button.hidden = false;
    button.addEventListener('click', async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(field.value);
        if (status) {
          status.textContent = 'Copied to the clipboard.';
        }
      } catch (e) {
        if (status) {
          status.textContent = 'Copying was not allowed; the key is selected, copy it with your keyboard.';
        }
      }
    });
  });
});

document.addEventListener('DOMContentLoaded', () => {
  const list = document.getElementById('device-list');
  const page = document.getElementById('device-page');
  const showStatus = (element, status) => {
    element.textContent = status;
    element.classList.remove('status-online', 'status-offline');
    element.classList.add('status-' + status);
  };
  const poll = (url, apply) => {
    const tick = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const response = await fetch(url, {headers: {Accept: 'application/json'}, credentials: 'same-origin'});
          if (response.ok) {
            apply(await response.json());
          }
        } catch (e) {
          // the next tick tries again
        }
      }
      setTimeout(tick, 5000);
    };
    setTimeout(tick, 5000);
  };
  if (list && list.dataset.liveUrl) {
    poll(list.dataset.liveUrl, (devices) => devices.forEach((d) => {
      const row = list.querySelector('tr[data-device-id="' + d.id + '"]');
      if (row) {
        showStatus(row.querySelector('.device-status'), d.status);
        row.querySelector('.last-seen').textContent = d.last_seen_at;
      }
    }));
  }
  if (page && page.dataset.liveUrl) {
    poll(page.dataset.liveUrl, (device) => {
      showStatus(document.getElementById('device-status'), device.status);
      document.getElementById('device-last-seen').textContent = device.last_seen_at;
      device.values.forEach((v) => {
        const row = document.querySelector('#value-list tr[data-pin="' + v.pin + '"]');
        if (row) {
          row.querySelector('.current').textContent = v.value;
          row.querySelector('.reported-at').textContent = v.reported_at;
        }
      });
    });
  }
});
