import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { ContactForm } from '../components/contact-form';

export function ContactPage() {
  usePageTitle('Contact Us');
  const { data: user } = useCurrentUser();
  return (
    <section className="mx-auto w-full max-w-2xl">
      <Link
        to="/"
        className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
      <PageHeader
        title="Contact Us"
        description="Questions, feedback or trouble with your account? Send us a message and we'll reply by email."
      />
      <Card>
        <CardContent className="pt-6">
          {/* Remounts once the signed-in user loads, so their email is the form's default (and survives reset). */}
          <ContactForm key={user?.email ?? ''} defaultEmail={user?.email} />
        </CardContent>
      </Card>
    </section>
  );
}
