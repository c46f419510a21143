import { type BetEvent, LEVEL_BET } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { CheckCircleFill, ClockCircleOutline, LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useGuard } from '../../core/guard';
import { useFormat } from '../../ui/format';
import { formatOdds } from './bet-preview';

export type BetOption = BetEvent['options'][number];

/**
 * One bet event: the match, when betting closes and when it starts, and its sides with their
 * odds. While it is open a member of level 30 taps a side to bet on it.
 */
export function EventCard({
  event,
  eligible,
  onChoose,
}: {
  event: BetEvent;
  /** Level 30 or more; null while the member's level is loading. */
  eligible: boolean | null;
  onChoose: (option: BetOption) => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const guard = useGuard();
  const open = event.state === 'open';
  const canBet = open && eligible === true;
  return (
    <article className={`bet-event bet-event--${event.state}`} data-testid="bet-event" data-event={event.id}>
      <header className="bet-event__head">
        <h3 className="bet-event__title">{event.title}</h3>
        <span className={`bet-state bet-state--${event.state}`}>{t(`betsUi.eventState.${event.state}`)}</span>
      </header>
      {event.description ? <p className="bet-event__description">{event.description}</p> : null}
      <dl className="bet-event__times">
        <div>
          <dt>{t('betsUi.closes')}</dt>
          <dd>{fmt.dateTime(event.close_at)}</dd>
        </div>
        <div>
          <dt>{t('betsUi.starts')}</dt>
          <dd>{fmt.dateTime(event.start_at)}</dd>
        </div>
      </dl>
      <div className="bet-event__options">
        {event.options.map((option) => {
          const winner = event.winner_option_id === option.id;
          return (
            <button
              key={option.id}
              type="button"
              className={`bet-option${winner ? ' bet-option--winner' : ''}`}
              disabled={!canBet}
              onClick={() => guard({ action: () => onChoose(option) })}
              data-testid="bet-option"
            >
              <span className="bet-option__label">
                {winner && <CheckCircleFill />} {option.label}
              </span>
              <span className="bet-option__odds">×{formatOdds(option.odds, fmt)}</span>
            </button>
          );
        })}
      </div>
      {open && eligible === false ? (
        <Button block shape="rounded" disabled className="bet-event__gate">
          <LockOutline /> {t('betsUi.needLevel', { level: LEVEL_BET })}
        </Button>
      ) : (
        <p className="bet-event__foot">
          <ClockCircleOutline /> {t('betsUi.betCount', { count: event.bet_count })}
        </p>
      )}
    </article>
  );
}
