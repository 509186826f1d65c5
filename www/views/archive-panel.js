// The archive section of the library panel: the address of an institution's archive published as
// files beside this page, what connecting to it means (only index parts are fetched, never the
// paper), and once connected its size, with a way to disconnect.
import { html, useEffect, useRef } from '../../pkg/vendor/ui.js';
import { count, t } from '../../js/words/i18n.js';

/**
 * The address field and its button; Enter connects too. After a failure the focus goes back to
 * the field, so a keyboard user can correct the address at once.
 */
function ConnectForm({ archive, actions, busy }) {
  const box = useRef(null);
  const failed = archive.state === 'failed';
  useEffect(() => {
    if (failed && box.current && (!document.activeElement || document.activeElement === document.body)) box.current.focus();
  }, [failed, busy]);
  const connect = () => actions.connectArchive(box.current?.value ?? '');
  return html`<p class="help" id="archive-about">${t('archive.about')}</p>
    <div class="row archive-form">
      <label for="archive-url">${t('archive.address')}</label>
      <input id="archive-url" ref=${box} type="text" inputmode="url" autocomplete="url" spellcheck="false"
        defaultValue=${archive.url} placeholder="archive/" disabled=${busy} aria-describedby=${failed ? 'archive-error archive-about' : 'archive-about'}
        aria-invalid=${failed ? 'true' : undefined} onKeyDown=${(e) => e.key === 'Enter' && (e.preventDefault(), connect())} />
      <button id="archive-connect" type="button" disabled=${busy} onClick=${connect}>${t('archive.connect')}</button>
    </div>
    ${failed && html`<p id="archive-error" class="error-text" role="alert">${archive.error}</p>`}`;
}

/** The archive section: how to connect one, or the one connected. */
export function ArchivePanel({ state, actions }) {
  const { archive } = state;
  const busy = Boolean(state.busy);
  const ready = archive.state === 'ready';
  return html`<section class="archive-section" aria-labelledby="archive-heading">
    <h3 id="archive-heading">${t('archive.heading')}</h3>
    ${ready
      ? html`<p class="archive-state">${t('archive.ready', {
          address: archive.url,
          documents: count('count.document', archive.documents),
          words: count('count.word', archive.words),
        })}</p>
        <p class="help">${t('archive.whatIsSent')}</p>
        <button id="archive-disconnect" type="button" disabled=${busy} onClick=${actions.disconnectArchive}>${t('archive.disconnect')}</button>`
      : html`<${ConnectForm} archive=${archive} actions=${actions} busy=${busy || archive.state === 'connecting'} />`}
  </section>`;
}
