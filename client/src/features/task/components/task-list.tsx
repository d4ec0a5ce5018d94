import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../../shared/contract/reward';
import { RewardsWageringNotes } from '../../../components/bonus-wagering-note';
import { Section } from '../../../components/page';
import { EmptyState, RemoteView } from '../../../components/states';
import { formatMoney } from '../../../lib/format';
import { useRefreshable } from '../../../lib/use-refreshable';
import { claimTask } from '../api/claim-task';
import { getTasks } from '../api/get-tasks';
import { ClaimButton, ProgressBar } from './claim-button';
import { RewardText } from './reward-text';

/** Task: daily tasks (again every Manila day) and one-time tasks, each with progress and a claim button. */
export function TaskList({ onRewards, refreshKey }: { onRewards(rewards: Reward[]): void; refreshKey?: number }) {
  const { t } = useTranslation();
  const state = useRefreshable(getTasks, [refreshKey]);
  return (
    <RemoteView state={state} isEmpty={(d) => d.tasks.length === 0} empty={<EmptyState title={t('bonus.noTasks')} />}>
      {(data) =>
        (['daily', 'once'] as const).map((period) => {
          const tasks = data.tasks.filter((task) => task.period === period);
          if (tasks.length === 0) return null;
          return (
            <Section key={period} title={t(period === 'daily' ? 'bonus.dailyTasks' : 'bonus.onceTasks')}>
              <ul className="task-list">
                {tasks.map((task) => {
                  const show = (n: number) => (task.unit === 'pesos' ? formatMoney(n) : String(n));
                  return (
                    <li key={task.code} className="task" data-testid={`task-${task.code}`}>
                      <div className="task__main">
                        <p className="task__title">{task.title}</p>
                        <RewardText rewards={task.rewards} />
                        {task.status === 'claimed' ? null : (
                          <RewardsWageringNotes
                            rewards={task.rewards}
                            multiple={task.turnoverMultiple}
                            testId={`task-${task.code}-wagering`}
                          />
                        )}
                        <ProgressBar value={task.progress} max={task.target} label={task.title} />
                        <p className="task__progress">
                          {show(task.progress)} / {show(task.target)}
                        </p>
                      </div>
                      <ClaimButton
                        status={task.status === 'progress' ? 'locked' : task.status}
                        onClaim={async () => {
                          const { rewards } = await claimTask(task.code);
                          state.refresh();
                          onRewards(rewards);
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
            </Section>
          );
        })
      }
    </RemoteView>
  );
}
