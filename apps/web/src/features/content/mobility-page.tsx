import { VideoEmbed } from '../../components/video-embed';
import { BackHeading } from './components/back-heading';
import { MOBILITY_VIDEOS } from './mobility-content';

export function MobilityPage() {
  return (
    <>
      <BackHeading title="Mobilidade" />
      <p className="text-small text-muted-foreground">
        Faça estes exercícios antes do treino para preparar as articulações e ganhar amplitude.
      </p>
      <ul className="flex flex-col gap-4">
        {MOBILITY_VIDEOS.map((item) => (
          <li key={item.title} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm">
            <VideoEmbed video={item.video} title={item.title} />
            <div className="flex flex-col gap-1 px-1 pb-1">
              <h2 className="text-body font-bold">{item.title}</h2>
              <p className="text-small text-muted-foreground">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
