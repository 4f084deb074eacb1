/** Demo content: Vision and values (/vision). */
import { p, type SeedContext } from './builder.js';

export function visionContent({ media, slide, section, card }: SeedContext): void {
  slide('visionslide', 'Our vision and values', 'What we stand for, and how we work.', media.hero('landscape', 'Homesteads on the hills at dusk'));
  section('visiondescription', 'Vision', p('A society where every woman, man and young person takes part in the decisions that affect their lives, and where leaders answer to the people they serve.'), { variant: 'highlight' });
  section(
    'visiondescription',
    'Mission',
    p('To strengthen the voice, skills and organisation of citizens, especially women and young people, so that public institutions become more transparent, participatory and accountable.') +
      p('We do this by training citizens, producing evidence on public services, convening dialogue between communities and authorities, and advocating for better policies.'),
    { image: media.hero('assembly', 'Residents gathered around a speaker at a community meeting'), variant: 'image-right' },
  );
  card('visionvalue', 'Integrity', 'We do what we say, we account for every shilling and we publish our audited accounts.', 'shield');
  card('visionvalue', 'Equality', 'Women, men and young people have an equal right to be heard and to lead.', 'scale');
  card('visionvalue', 'Participation', 'Communities decide their priorities; we support them, we do not speak over them.', 'hand');
  card('visionvalue', 'Transparency', 'Public money and public decisions belong to the public.', 'eye');
  card('visionvalue', 'Solidarity', 'We stand beside communities and member organisations, especially when it is hard.', 'heart');
  card('visionvalue', 'Learning', 'We test, measure and share what works and what does not.', 'book');
}
