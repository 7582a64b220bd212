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
